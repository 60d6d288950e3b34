import { useTranslation } from "react-i18next";
import { Amount } from "~/components/ui/amount";
import { useLocale } from "~/i18n/use-locale";
import type { CartItem } from "~/lib/cart/cart-store";
import { useCurrency } from "~/lib/currency/currency-store";
import { useProductName } from "~/lib/product-name";
import { useCartPrices } from "~/lib/cart/use-cart-prices";

/**
 * What is in the cart at a glance (issue 25, point 4): each line's name and price and the total, in the chosen
 * currency, readable without an account — in the header's cart panel and on sign-in and sign-up reached from the cart.
 */
export function CartPreview({ items, headingId }: { items: readonly CartItem[]; headingId: string }) {
  const { t } = useTranslation("cart-help");
  const { locale } = useLocale();
  const currency = useCurrency();
  const productName = useProductName();
  const { linePrices, total } = useCartPrices(items, currency);
  return (
    <div data-testid="cart-preview">
      <ul aria-labelledby={headingId} className="divide-y divide-slate-300 dark:divide-slate-700">
        {items.map((item, index) => (
          <li key={item.id} className="flex justify-between gap-4 py-2" data-testid="preview-line">
            {productName(item.productId)}
            <Amount money={linePrices[index]} locale={locale} />
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-4 border-t border-slate-400 pt-2 font-semibold dark:border-slate-500">
        {t("preview.total")}
        <Amount money={total} locale={locale} testId="preview-total" />
      </p>
    </div>
  );
}
