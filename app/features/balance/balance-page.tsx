import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import { FormAlert } from "~/components/ui/form-alert";
import type { Locale } from "../../../common/locales";
import { useLocale } from "~/i18n/use-locale";
import { errorText } from "~/lib/error-text";
import { useCurrency } from "~/lib/currency/currency-store";
import { DepositForm } from "./deposit-form";
import { DepositOutcome } from "./deposit-outcome";
import { TransactionsList } from "./transactions-list";
import { WithdrawForm } from "./withdraw-form";
import { useBalance } from "~/lib/balance/use-balance";
import { useOtherBalances } from "~/lib/balance/use-other-balances";
import { requestCurrency } from "~/lib/currency/currency-change";
import { useApiData } from "~/lib/api/use-api-data";
import type { DocumentSummary } from "../../../contract/documents";

/** Every non-zero balance in another currency, each with a way to switch to it (asking first when the cart would empty). */
function OtherBalances({ currency, locale }: { currency: Currency; locale: Locale }) {
  const { t } = useTranslation("money");
  const others = useOtherBalances(currency);
  if (others.length === 0) return null;
  return (
    <div className="mt-4" data-testid="other-balances">
      <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">{t("balances.heading")}</h3>
      <ul className="mt-1 space-y-2">
        {others.map((other) => (
          <li key={other.currency} className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="tabular-nums">{t("balances.amountIn", { amount: formatMoney(other, locale), currency: other.currency })}</span>
            <button type="button" className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300" onClick={() => requestCurrency(other.currency)}>
              {t("balances.switch", { currency: other.currency })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The unused-balance policy, the very text the terms, FAQ, closing flow and mail state (issue 25). */
export function BalancePolicy({ policy }: { policy: string }) {
  const { t } = useTranslation("balance");
  return (
    <section aria-labelledby="balance-policy-heading" data-testid="balance-policy">
      <h2 id="balance-policy-heading" className="text-lg font-semibold">
        {t("withdraw.policyHeading")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{policy}</p>
    </section>
  );
}

/**
 * /profile/balance: the balance in the chosen currency, its recent movements, the others, the way to withdraw what is
 * unused (with the policy that says so), and the deposit form.
 */
export function BalancePage({ policy }: { policy: string }) {
  const { t } = useTranslation("balance");
  const { t: te } = useTranslation("errors");
  const { locale } = useLocale();
  const currency = useCurrency();
  const { balance, failure, reload } = useBalance(currency);
  // Each movement links to its receipt, invoice or credit note; the list names them with their numbers.
  const documents = useApiData<DocumentSummary[]>("/api/documents");
  // A paid deposit or a withdrawal adds a movement and its document.
  const refresh = () => {
    reload();
    documents.reload();
  };
  const [search] = useSearchParams();
  const depositId = search.get("deposit");

  return (
    <div className="space-y-10">
      {depositId ? <DepositOutcome depositId={depositId} locale={locale} onPaid={refresh} /> : null}
      <section aria-labelledby="balance-heading" className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-6">
        <h2 id="balance-heading" className="text-sm uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {t("current", { currency })}
        </h2>
        {failure ? <FormAlert tone="error" title={errorText(failure, te)} /> : null}
        <p className="mt-2 text-4xl font-bold tabular-nums" data-testid="balance-amount">
          {balance ? formatMoney(moneyFromApi(balance.balance, currency), locale) : "…"}
        </p>
        <OtherBalances currency={currency} locale={locale} />
      </section>
      <section aria-labelledby="transactions-heading">
        <h2 id="transactions-heading" className="mb-4 text-2xl font-semibold">
          {t("transactions.heading")}
        </h2>
        {balance ? <TransactionsList transactions={balance.transactions} documents={documents.data ?? []} currency={currency} locale={locale} /> : null}
      </section>
      {balance ? <WithdrawForm balance={balance} onDone={refresh} /> : null}
      <BalancePolicy policy={policy} />
      <DepositForm currency={currency} />
    </div>
  );
}
