import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PricesResponse } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import type { Money } from "../../../contract/money-units";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import type { BriefDrafts } from "~/lib/briefs/brief-drafts";
import type { LineDraft } from "~/lib/briefs/brief-values";
import type { CartItem } from "~/lib/cart/cart-store";
import { servicesInBundles } from "~/lib/cart/duplicates";
import { useProductName } from "~/lib/product-name";
import { CartLine } from "./cart-line";
import { useApiData } from "~/lib/api/use-api-data";
import type { FavouriteWriters as FavouriteWritersAnswer } from "../../../contract/favourite-writers";

export interface CartLinesProps {
  items: readonly CartItem[];
  linePrices: ReadonlyArray<Money | null>;
  /** The price list with each product's options (null until it came). */
  prices: PricesResponse | null;
  currency: Currency;
  drafts: BriefDrafts;
  onDraft(lineId: string, draft: LineDraft): void;
  onRemove(lineId: string): void;
  errors: FieldErrors;
  disabled: boolean;
  /** The favourite writer asked for per line (issue 28), by line id, and how to change one. */
  writers?: { chosen: Readonly<Record<string, string>>; onChoose(lineId: string, writerId: string | undefined): void };
}

/** The cart's lines in order, each with its price and brief; a service also in a bundle of the cart says so. */
export function CartLines({ items, linePrices, prices, currency, drafts, onDraft, onRemove, errors, disabled, writers }: CartLinesProps) {
  const { t } = useTranslation("cart");
  const { locale } = useLocale();
  const productName = useProductName();
  const inBundles = servicesInBundles(items);
  const favouritesAnswer = useApiData<FavouriteWritersAnswer>(writers ? "/api/favourite-writers" : null).data;
  const favourites = favouritesAnswer?.writers ?? [];
  // A writer chosen on a line (kept with the cart) who is no longer a favourite is asked for no more.
  useEffect(() => {
    if (!favouritesAnswer || !writers) return;
    const known = new Set(favouritesAnswer.writers.map((writer) => writer.writerId));
    for (const [lineId, writerId] of Object.entries(writers.chosen)) if (!known.has(writerId)) writers.onChoose(lineId, undefined);
  }, [favouritesAnswer, writers]);
  const bundleName = (bundleId: string | undefined) => (bundleId ? productName(bundleId) : undefined);
  return (
    <section aria-labelledby="items-heading">
      <h2 id="items-heading" className="mb-4 text-2xl font-semibold">
        {t("itemsHeading", { count: items.length })}
      </h2>
      <ol className="space-y-6">
        {items.map((item, index) => (
          <CartLine
            key={item.id}
            item={item}
            index={index}
            name={productName(item.productId)}
            price={linePrices[index] ?? null}
            options={prices?.items.find((entry) => entry.id === item.productId)?.options ?? []}
            currency={currency}
            draft={drafts[item.id]}
            onDraft={(draft) => onDraft(item.id, draft)}
            onRemove={() => onRemove(item.id)}
            errors={errors}
            locale={locale}
            serviceName={productName}
            disabled={disabled}
            inBundle={bundleName(inBundles.get(item.id))}
            favourites={
              writers && favourites.length > 0
                ? { writers: favourites, value: writers.chosen[item.id], onChange: (writerId) => writers.onChoose(item.id, writerId) }
                : undefined
            }
          />
        ))}
      </ol>
    </section>
  );
}
