import { useCallback, useEffect, useState } from "react";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import { api } from "../../lib/api/client";

/** GET /api/orders/{number}: the order page's data; `replace` takes the fresh page a move answers with. */
export function useOrder(number: string): { order: OrderDetail | null; failure: unknown; replace(order: OrderDetail): void } {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    api<OrderDetail>(`/api/orders/${encodeURIComponent(number)}`)
      .then((answer) => {
        if (!live) return;
        setOrder(answer);
        // Opening the page reads the thread.
        if (answer.unreadMessages > 0) void api<OrderDetail>(`/api/orders/${encodeURIComponent(answer.id)}/read`, { method: "POST" }).catch(() => undefined);
      })
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [number]);
  const replace = useCallback((next: OrderDetail) => setOrder(next), []);
  return { order, failure, replace };
}
