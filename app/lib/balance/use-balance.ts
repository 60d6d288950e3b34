import { useCallback, useEffect, useState } from "react";
import type { Currency } from "../../../contract/currency";
import type { BalanceRequest, BalanceResponse } from "../../../contract/wallet";
import { api } from "~/lib/api/client";

export interface BalanceState {
  balance: BalanceResponse | null;
  failure: unknown;
  /** Asks again (after a deposit settles, an order is placed…). */
  reload(): void;
}

/** POST /api/balance for one currency; asks again whenever the currency changes. */
export function useBalance(currency: Currency): BalanceState {
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is not read, it is the trigger reload() bumps to ask again
  useEffect(() => {
    let live = true;
    api<BalanceResponse>("/api/balance", { method: "POST", body: { currency } satisfies BalanceRequest })
      .then((answer) => {
        if (!live) return;
        setBalance(answer);
        setFailure(null);
      })
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [currency, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // An answer for another currency is never shown as this one's.
  return { balance: balance?.currency === currency ? balance : null, failure, reload };
}
