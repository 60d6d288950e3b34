import { useTranslation } from "react-i18next";
import { formatMoney, type Money } from "../../../contract/money-units";
import { shortfallCharge } from "../../../contract/pay-the-difference";
import type { Locale } from "../../../common/locales";
import { SubmitButton } from "~/components/ui/submit-button";

export interface PayDifferenceProps {
  total: Money;
  balance: Money;
  locale: Locale;
  busy: boolean;
  onPay(): void;
}

/** When the balance is short: pay exactly what is missing, and the order is placed once the payment is confirmed. */
export function PayDifference({ total, balance, locale, busy, onPay }: PayDifferenceProps) {
  const { t } = useTranslation("cart");
  const amount = formatMoney({ minor: shortfallCharge(total.minor, balance.minor), currency: total.currency }, locale);
  return (
    <div className="space-y-2" data-testid="pay-difference">
      <SubmitButton type="button" busy={busy} onClick={onPay} aria-describedby="pay-difference-note">
        {busy ? t("difference.opening") : t("difference.pay", { amount })}
      </SubmitButton>
      <p id="pay-difference-note" className="text-sm text-slate-700 dark:text-slate-300">
        {t("difference.explain", { amount })}
      </p>
    </div>
  );
}
