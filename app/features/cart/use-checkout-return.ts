import { useEffect, useState } from "react";
import type { PayDifferenceStatus } from "../../../contract/pay-the-difference";
import { api } from "~/lib/api/client";

const POLL_MS = 2000;
const POLL_LIMIT = 30;

/**
 * Back from the payment page with `?checkout=<depositId>`: where the paid difference and its order stand, asked
 * again while the payment's confirmation is on its way (asking also places the order once the payment is confirmed).
 * `settled` runs once with the final answer.
 */
export function useCheckoutReturn(depositId: string | null, cancelled: boolean, settled: (status: PayDifferenceStatus) => void) {
  const [status, setStatus] = useState<PayDifferenceStatus | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` runs once per deposit; a new closure must not ask again
  useEffect(() => {
    if (!depositId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (round: number) => {
      try {
        const found = await api<PayDifferenceStatus>(`/api/orders/with-deposit/${encodeURIComponent(depositId)}`);
        if (!live) return;
        setStatus(found);
        if (found.state !== "awaitingPayment") settled(found);
        // Cancelled on the provider's page: nothing is on its way, one answer is enough.
        else if (!cancelled && round < POLL_LIMIT) timer = setTimeout(() => void ask(round + 1), POLL_MS);
      } catch (error) {
        if (live) setFailure(error);
      }
    };
    void ask(1);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [depositId]);

  return { status, failure };
}
