import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { OptionId, PriceOption } from "../../../contract/service-options";
import type { Locale } from "../../../common/locales";
import { CheckboxField } from "~/components/ui/checkbox-field";

export interface OptionPickerProps {
  /** The product's options as POST /api/prices lists them (none: nothing is shown). */
  options: readonly PriceOption[];
  chosen: readonly OptionId[];
  onChange(chosen: OptionId[]): void;
  currency: Currency;
  locale: Locale;
  /** Unique per page: the same product may be on several cart lines. */
  idPrefix: string;
  disabled?: boolean;
  /** Errors keyed like the server's, `orderFormData[i].options[j]`, with `errorPrefix` = `orderFormData[i].options`. */
  errors?: Record<string, string[]>;
  errorPrefix?: string;
}

/** What an option does, in words: a rush's business days (the next free day when its day is full), or its extra. */
function useDescription() {
  const { t } = useTranslation("options");
  return (option: PriceOption): string => {
    if (option.kind !== "rush") return t(`describe.${option.id as Exclude<OptionId, "rush">}`);
    const offered = option.offeredTurnaroundDays ?? option.turnaroundDays ?? 0;
    return offered > (option.turnaroundDays ?? 0)
      ? t("describe.rushNextFree", { count: offered })
      : t("describe.rush", { count: offered });
  };
}

/**
 * The options of one product as checkboxes, each with its price and what it does (service page and cart lines,
 * docs/decisions/0077-service-options.md); the caller keeps the chosen ids.
 */
export function OptionPicker({
  options,
  chosen,
  onChange,
  currency,
  locale,
  idPrefix,
  disabled,
  errors,
  errorPrefix,
}: OptionPickerProps) {
  const { t } = useTranslation("options");
  const describe = useDescription();
  if (options.length === 0) return null;
  const errorOf = (id: OptionId) => {
    const index = chosen.indexOf(id);
    return index >= 0 && errorPrefix ? errors?.[`${errorPrefix}[${index}]`]?.[0] : undefined;
  };
  return (
    <fieldset className="mb-4" data-testid="option-picker">
      <legend className="mb-2 text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {t("heading")}
      </legend>
      <div className="space-y-2">
        {options.map((option) => (
          <CheckboxField
            key={option.id}
            id={`${idPrefix}-option-${option.id}`}
            label={`${t(`names.${option.id}`)} (${t("price", { price: formatMoney(moneyFromApi(option.price, currency), locale) })})`}
            hint={describe(option)}
            error={errorOf(option.id)}
            checked={chosen.includes(option.id)}
            disabled={disabled}
            data-testid={`option-${option.id}`}
            onChange={(event) =>
              onChange(
                options
                  .map((entry) => entry.id)
                  .filter((id) => (id === option.id ? event.currentTarget.checked : chosen.includes(id))),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
