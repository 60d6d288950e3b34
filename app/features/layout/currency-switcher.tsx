import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { isCurrency, type Currency } from "../../../contract/currency-codes";
import { requestCurrency } from "~/lib/currency/currency-change";
import { CURRENCIES, subscribeCurrency, syncCurrency, useCurrency } from "~/lib/currency/currency-store";

/**
 * EUR / USD / GBP: changing it stores the choice, empties the cart and reloads the prices of the page. With items
 * in the cart it asks first (features/layout/currency-change.tsx).
 */
export function CurrencySwitcher({ serverCurrency }: { serverCurrency: Currency }) {
  const { t } = useTranslation("common");
  const id = useId();
  const currency = useCurrency(serverCurrency);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (syncCurrency(serverCurrency)) void revalidate();
    // Every change (this tab's switcher or another tab) reloads the prices shown.
    return subscribeCurrency((next) => {
      if (next !== serverCurrency) void revalidate();
    });
  }, [serverCurrency, revalidate]);
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("currency.label")}
      </label>
      <select
        id={id}
        value={currency}
        data-testid="currency-switcher"
        onChange={(event) => {
          if (!isCurrency(event.target.value)) return;
          requestCurrency(event.target.value);
        }}
        className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
