import { useTranslation } from "react-i18next";
import type { DepositDetails } from "../../../contract/wallet";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import { FormAlert } from "~/components/ui/form-alert";
import type { Locale } from "../../../common/locales";
import { usePolled } from "~/lib/api/use-polled";
import { errorText } from "~/lib/error-text";

/**
 * After the payment page: the outcome of `?deposit=<id>` from GET /api/balance/deposits/:id. A pending deposit
 * (a provider's confirmation still on its way) is asked about again for a while; `onPaid` runs when it is paid.
 */
export function DepositOutcome({ depositId, locale, onPaid }: { depositId: string; locale: Locale; onPaid(): void }) {
  const { t } = useTranslation("balance");
  const { t: te } = useTranslation("errors");
  const { answer: deposit, failure } = usePolled<DepositDetails>(`/api/balance/deposits/${encodeURIComponent(depositId)}`, {
    limit: 15,
    again: (found) => found.status === "pending",
    seen: (found) => {
      if (found.status === "paid") onPaid();
    },
  });

  if (failure) return <FormAlert tone="error" title={errorText(failure, te)} />;
  if (!deposit) return null;
  const amount = formatMoney(moneyFromApi(deposit.amount, deposit.currency), locale);
  const title = t(`outcome.${deposit.status}.title`);
  const text = <p className="mt-1 text-sm">{t(`outcome.${deposit.status}.text`, { amount })}</p>;
  return (
    <div data-testid="deposit-outcome" data-status={deposit.status}>
      {deposit.status === "pending" ? (
        <div role="status" className="mb-4 rounded-md border border-slate-400 dark:border-slate-500 px-4 py-3">
          <p className="font-medium">{title}</p>
          {text}
        </div>
      ) : (
        <FormAlert tone={deposit.status === "paid" ? "success" : "error"} title={title}>
          {text}
        </FormAlert>
      )}
    </div>
  );
}
