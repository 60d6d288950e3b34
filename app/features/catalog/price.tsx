import type { Currency } from "../../../contract/currency-codes";
import { formatMoney, moneyFromApi, type Money } from "../../../contract/money-units";
import { useLocale } from "~/i18n/use-locale";

/** A price for people, in the page's language (`€1,234.50` / `1.234,50 €`). Takes API major units or Money. */
export function Price({ major, currency, money, testId }: { major?: number; currency?: Currency; money?: Money; testId?: string }) {
  const { locale } = useLocale();
  const value = money ?? moneyFromApi(major ?? 0, currency ?? "EUR");
  return <span data-testid={testId}>{formatMoney(value, locale)}</span>;
}
