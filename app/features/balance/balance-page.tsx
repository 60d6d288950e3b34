import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CURRENCIES, type Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { FormAlert } from "~/components/ui/form-alert";
import type { Locale } from "../../../common/locales";
import { useLocale } from "~/i18n/use-locale";
import { errorText } from "~/lib/error-text";
import { useCurrency } from "~/lib/currency/currency-store";
import { DepositForm } from "./deposit-form";
import { DepositOutcome } from "./deposit-outcome";
import { TransactionsList } from "./transactions-list";
import { useBalance } from "~/lib/balance/use-balance";

/** The balance in one of the other currencies, small. */
function OtherBalance({ currency, locale }: { currency: Currency; locale: Locale }) {
  const { balance } = useBalance(currency);
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600 dark:text-slate-400">{currency}</dt>
      <dd className="tabular-nums">{balance ? formatMoney(moneyFromApi(balance.balance, currency), locale) : "…"}</dd>
    </div>
  );
}

/** /profile/balance: the balance in the chosen currency, its recent movements, the others, and the deposit form. */
export function BalancePage() {
  const { t } = useTranslation("balance");
  const { t: te } = useTranslation("errors");
  const { locale } = useLocale();
  const currency = useCurrency();
  const { balance, failure, reload } = useBalance(currency);
  const [search] = useSearchParams();
  const depositId = search.get("deposit");

  return (
    <div className="space-y-10">
      {depositId ? <DepositOutcome depositId={depositId} locale={locale} onPaid={reload} /> : null}
      <section aria-labelledby="balance-heading" className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-6">
        <h2 id="balance-heading" className="text-sm uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {t("current", { currency })}
        </h2>
        {failure ? <FormAlert tone="error" title={errorText(failure, te)} /> : null}
        <p className="mt-2 text-4xl font-bold tabular-nums" data-testid="balance-amount">
          {balance ? formatMoney(moneyFromApi(balance.balance, currency), locale) : "…"}
        </p>
        <dl className="mt-4 max-w-xs space-y-1 text-sm" aria-label={t("otherCurrencies")}>
          {CURRENCIES.filter((other) => other !== currency).map((other) => (
            <OtherBalance key={other} currency={other} locale={locale} />
          ))}
        </dl>
      </section>
      <section aria-labelledby="transactions-heading">
        <h2 id="transactions-heading" className="mb-4 text-2xl font-semibold">
          {t("transactions.heading")}
        </h2>
        {balance ? <TransactionsList transactions={balance.transactions} currency={currency} locale={locale} /> : null}
      </section>
      <DepositForm currency={currency} />
    </div>
  );
}
