import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Currency } from "../../../contract/currency-codes";
import { addMoney, formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { ProductId } from "../../../contract/product-ids";
import type { OptionId, PriceOption } from "../../../contract/service-options";
import { OptionPicker } from "~/components/options/option-picker";
import { NoScriptNote } from "~/components/ui/no-script-note";
import { addToCart, useCart } from "~/lib/cart/cart-store";
import { usePrices } from "~/lib/cart/use-prices";
import { useCurrency } from "~/lib/currency/currency-store";
import { useLocale } from "~/i18n/use-locale";

/**
 * The product's options in the chosen currency, asked again once the app runs (a rush's free day changes by the hour,
 * and the page may come from the page cache); until then the options the page was rendered with, so that the offer
 * does not grow under the reader when they arrive.
 */
function useOptions(productId: ProductId, serverCurrency: Currency, rendered: readonly PriceOption[]) {
  const currency = useCurrency(serverCurrency);
  const { prices } = usePrices(currency);
  const item = prices?.items.find((entry) => entry.id === productId);
  // The rendered options are priced in the page's currency: in another one, none until its prices come.
  const fallback = currency === serverCurrency ? rendered : [];
  return { currency, item, options: item ? (item.options ?? []) : fallback };
}

/**
 * "Add to cart" for anyone (enabled once the app runs); the confirmation is announced and links to the cart. Without
 * JavaScript the cart cannot work: the button is not shown, a note says why and offers the contact form instead.
 */
export function AddToCart({
  productId,
  name,
  currency: serverCurrency,
  renderedOptions = [],
}: {
  productId: ProductId;
  name: string;
  currency: Currency;
  /** The options the page was rendered with (none for a bundle). */
  renderedOptions?: readonly PriceOption[];
}) {
  const { t } = useTranslation("catalog");
  const { to, locale } = useLocale();
  const { currency, item, options } = useOptions(productId, serverCurrency, renderedOptions);
  const [chosen, setChosen] = useState<OptionId[]>([]);
  const withOptions = item
    ? options
        .filter((option) => chosen.includes(option.id))
        .reduce((sum, option) => addMoney(sum, moneyFromApi(option.price, currency)), moneyFromApi(item.price, currency))
    : null;
  // The line just added: the notice stays only while it is still in the cart (a currency change empties it).
  const [added, setAdded] = useState<string | null>(null);
  const inCart = useCart().some((item) => item.id === added);
  // The server-rendered button and options wait for the app: a click before it runs would be lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div>
      <NoScriptNote
        text={t("noScript.addToCart")}
        href={to("/contact-us")}
        linkText={t("noScript.contact")}
        className="rounded-md border border-amber-500 px-3 py-2 text-sm"
        testId="add-to-cart-no-script"
      />
      <OptionPicker options={options} chosen={chosen} onChange={setChosen} currency={currency} locale={locale} idPrefix={productId} disabled={!ready} />
      {withOptions && chosen.length > 0 ? (
        <p className="mb-3 font-medium" data-testid="price-with-options">
          {t("withOptions", { price: formatMoney(withOptions, locale) })}
        </p>
      ) : null}
      <button
        type="button"
        className="primary-button needs-js"
        disabled={!ready}
        onClick={() => {
          setAdded(addToCart(productId, chosen).id);
        }}
        data-testid="add-to-cart"
      >
        {t("addToCart")}
      </button>
      <p role="status" className="mt-3 min-h-6 text-sm" data-testid="add-to-cart-status">
        {inCart ? (
          <>
            {t("added", { name })}{" "}
            <Link to={to("/cart")} className="font-medium underline">
              {t("viewCart")}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
