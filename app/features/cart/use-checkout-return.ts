import type { PayDifferenceStatus } from "../../../contract/pay-the-difference";
import { usePolled } from "~/lib/api/use-polled";

/**
 * Back from the payment page with `?checkout=<depositId>`: where the paid difference and its order stand, asked
 * again while the payment's confirmation is on its way (asking also places the order once the payment is confirmed).
 * `settled` runs once with the final answer.
 */
export function useCheckoutReturn(depositId: string | null, cancelled: boolean, settled: (status: PayDifferenceStatus) => void) {
  const { answer, failure } = usePolled<PayDifferenceStatus>(depositId ? `/api/orders/with-deposit/${encodeURIComponent(depositId)}` : null, {
    limit: 30,
    // Cancelled on the provider's page: nothing is on its way, one answer is enough.
    again: (found) => found.state === "awaitingPayment" && !cancelled,
    seen: (found) => {
      if (found.state !== "awaitingPayment") settled(found);
    },
  });
  return { status: answer, failure };
}
