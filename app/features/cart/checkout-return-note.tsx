import { useTranslation } from "react-i18next";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { PayDifferenceStatus } from "../../../contract/pay-the-difference";
import type { Locale } from "../../../common/locales";
import { FormAlert } from "~/components/ui/form-alert";
import { errorText } from "~/lib/error-text";

export interface CheckoutReturnNoteProps {
  status: PayDifferenceStatus | null;
  failure: unknown;
  /** The buyer left the provider's page with its Cancel link. */
  cancelled: boolean;
  locale: Locale;
}

/** Above the cart after the payment page: the payment being confirmed, or why no order was placed (the cart is intact). */
export function CheckoutReturnNote({ status, failure, cancelled, locale }: CheckoutReturnNoteProps) {
  const { t } = useTranslation("cart");
  const { t: te } = useTranslation("errors");
  if (failure) return <FormAlert tone="error" title={errorText(failure, te)} />;
  if (!status || status.state === "placed") return null;
  if (status.state === "awaitingPayment") {
    if (cancelled) return <FormAlert tone="error" title={t("difference.cancelled")} />;
    const amount = formatMoney(moneyFromApi(status.amount, status.currency), locale);
    return (
      <p role="status" className="rounded-md border border-slate-400 px-4 py-3 dark:border-slate-500" data-testid="checkout-confirming">
        {t("difference.confirming", { amount })}
      </p>
    );
  }
  return (
    <div data-testid="checkout-not-placed" data-state={status.state}>
      <FormAlert tone="error" title={t(status.state === "paymentFailed" ? "difference.failedTitle" : "difference.notPlacedTitle")}>
        <p className="mt-1">{status.message}</p>
      </FormAlert>
    </div>
  );
}
