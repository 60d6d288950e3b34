import type { Locale } from "../../../common/locales";
import { formatMoney, type Money } from "../../../contract/money-units";

/** An amount as the page's language writes it, in even-width digits; "…" until it is known. */
export function Amount({ money, locale, testId }: { money: Money | null | undefined; locale: Locale; testId?: string }) {
  return (
    <span className="tabular-nums" data-testid={testId}>
      {money ? formatMoney(money, locale) : "…"}
    </span>
  );
}
