import { useEffect, useState } from "react";
import type { OrderListEntry } from "../../../contract/orders";
import { api } from "~/lib/api/client";

/** GET /api/orders: the customer's own orders, newest first. */
export function useOrders(): { orders: OrderListEntry[] | null; failure: unknown } {
  const [orders, setOrders] = useState<OrderListEntry[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    api<OrderListEntry[]>("/api/orders")
      .then((answer) => live && setOrders(answer))
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, []);
  return { orders, failure };
}
