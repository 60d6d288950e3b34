import { useTranslation } from "react-i18next";
import type { Money } from "../../../contract/money-units";
import { formatMoney } from "../../../contract/money-units";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import type { Currency } from "../../../contract/currency";
import type { PriceOption } from "../../../contract/service-options";
import { OptionPicker } from "~/components/options/option-picker";
import { setLineOptions, type CartItem } from "~/lib/cart/cart-store";
import type { LineDraft } from "~/lib/briefs/brief-values";
import { LineBrief } from "~/components/briefs/line-brief";
import type { FavouriteWriter } from "../../../contract/favourite-writers";
import { FavouriteWriterPick } from "./favourite-writer-pick";

export interface CartLineProps {
  item: CartItem;
  index: number;
  name: string;
  price: Money | null;
  /** The product's options (none for a bundle); the chosen ones are the line's. */
  options: readonly PriceOption[];
  currency: Currency;
  draft: LineDraft | undefined;
  onDraft(draft: LineDraft): void;
  onRemove(): void;
  errors: FieldErrors;
  locale: Locale;
  serviceName(id: string): string;
  disabled: boolean;
  /** The name of a bundle in the cart that already holds this service: the line warns and offers its removal. */
  inBundle?: string;
  /** The buyer's favourite writers (issue 28), the one asked for on this line, and how to change it. */
  favourites?: { writers: readonly FavouriteWriter[]; value: string | undefined; onChange(writerId: string | undefined): void };
}

/** One cart line: its product and price, a remove button, and the brief to fill for it. */
export function CartLine(props: CartLineProps) {
  const { item, index, name, price, draft, onDraft, onRemove, errors, locale, serviceName, disabled, inBundle, favourites } = props;
  const { t } = useTranslation("cart");
  const { t: th } = useTranslation("cart-help");
  const headingId = `line-${item.id}`;
  return (
    <li className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-4" aria-labelledby={headingId} data-testid={`cart-line-${item.productId}`}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {name}
        </h3>
        <div className="flex items-center gap-4">
          <span className="tabular-nums" data-testid="line-price">
            {price ? formatMoney(price, locale) : "…"}
          </span>
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            aria-label={t("remove", { name })}
            className="rounded-md border border-slate-400 dark:border-slate-600 px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 disabled:opacity-60"
          >
            {t("removeShort")}
          </button>
        </div>
      </div>
      {inBundle ? (
        <div className="mb-4 rounded-md border border-amber-500 px-3 py-2 text-amber-900 dark:text-amber-200" data-testid="duplicate-warning">
          <p>{th("duplicate.text", { bundle: inBundle, service: name })}</p>
          <button type="button" onClick={onRemove} disabled={disabled} className="mt-1 font-medium underline disabled:opacity-60">
            {th("duplicate.remove", { service: name })}
          </button>
        </div>
      ) : null}
      <OptionPicker
        options={props.options}
        chosen={item.options ?? []}
        onChange={(chosen) => setLineOptions(item.id, chosen)}
        currency={props.currency}
        locale={locale}
        idPrefix={`line-${item.id}`}
        disabled={disabled}
        errors={errors}
        errorPrefix={`orderFormData[${index}].options`}
      />
      {favourites ? (
        <FavouriteWriterPick {...favourites} lineName={name} disabled={disabled} error={errors[`orderFormData[${index}].writerId`]?.[0]} />
      ) : null}
      <h4 className="mb-2 text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{t("brief.heading")}</h4>
      <LineBrief
        productId={item.productId}
        draft={draft}
        onChange={onDraft}
        errors={errors}
        errorPrefix={`orderFormData[${index}].brief`}
        locale={locale}
        serviceName={serviceName}
        disabled={disabled}
      />
    </li>
  );
}
