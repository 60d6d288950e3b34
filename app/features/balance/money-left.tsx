import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENCIES } from "../../../contract/currency-codes";
import { formatMoney, toMinor } from "../../../contract/money-units";
import type { BalanceRequest, BalanceResponse } from "../../../contract/wallet";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { WithdrawForm } from "./withdraw-form";

/** Every balance of the customer (POST /api/balance per currency) that holds money; asks again after a withdrawal. */
function useBalancesWithMoney(): { balances: BalanceResponse[]; reload(): void } {
  const [balances, setBalances] = useState<BalanceResponse[]>([]);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is not read, it is the trigger reload() bumps to ask again
  useEffect(() => {
    let live = true;
    void Promise.all(
      CURRENCIES.map((currency) =>
        api<BalanceResponse>("/api/balance", { method: "POST", body: { currency } satisfies BalanceRequest }).catch(() => null),
      ),
    ).then((found) => {
      if (live) setBalances(found.filter((balance): balance is BalanceResponse => balance !== null && balance.balance > 0));
    });
    return () => {
      live = false;
    };
  }, [round]);
  return { balances, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/**
 * Closing an account with money left (issue 25): names what is left in every currency and offers to withdraw it
 * first, under the same policy text every other page states; a goodwill credit that cannot be paid out is named too.
 */
export function MoneyLeftBeforeClosing({ policy }: { policy: string }) {
  const { t } = useTranslation("balance");
  const { locale } = useLocale();
  const { balances, reload } = useBalancesWithMoney();
  if (balances.length === 0) return null;
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const amounts = (pick: (balance: BalanceResponse) => number) =>
    list.format(balances.filter((balance) => pick(balance) > 0).map((balance) => formatMoney({ minor: toMinor(pick(balance)) ?? 0, currency: balance.currency }, locale)));
  const kept = (balance: BalanceResponse) => Math.round((balance.balance - balance.withdrawable) * 100) / 100;
  return (
    <div className="mt-4 rounded-lg border border-amber-500 p-4" data-testid="money-left">
      <p className="font-medium">{t("closing.moneyLeft", { amounts: amounts((balance) => balance.balance) })}</p>
      {balances.some((balance) => kept(balance) > 0) ? <p className="mt-1">{t("closing.notPaidOut", { amounts: amounts(kept) })}</p> : null}
      <p className="mt-2 text-slate-600 dark:text-slate-400">{policy}</p>
      {balances
        .filter((balance) => balance.withdrawable > 0)
        .map((balance) => (
          <div key={balance.currency} className="mt-4">
            <WithdrawForm balance={balance} onDone={reload} headingLevel={3} />
          </div>
        ))}
    </div>
  );
}
