import { useEffect, useState } from "react";
import { CURRENCIES, type Currency } from "../../../contract/currency-codes";
import type { Money } from "../../../contract/money-units";
import { moneyFromApi } from "../../../contract/money-units";
import type { BalanceRequest, BalanceResponse } from "../../../contract/wallet";
import { api } from "~/lib/api/client";

/**
 * The customer's non-zero balances in the currencies other than `currency` (POST /api/balance for each), so money
 * kept in another currency is never shown as lost. Empty until known; a balance that cannot be read is left out.
 */
export function useOtherBalances(currency: Currency, enabled = true): Money[] {
  const [balances, setBalances] = useState<{ for: Currency; list: Money[] } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const others = CURRENCIES.filter((other) => other !== currency);
    void Promise.all(
      others.map((other) =>
        api<BalanceResponse>("/api/balance", { method: "POST", body: { currency: other } satisfies BalanceRequest })
          .then((answer) => moneyFromApi(answer.balance, other))
          .catch(() => null),
      ),
    ).then((found) => {
      if (live) setBalances({ for: currency, list: found.filter((money): money is Money => money !== null && money.minor > 0) });
    });
    return () => {
      live = false;
    };
  }, [currency, enabled]);
  return balances?.for === currency ? balances.list : [];
}
