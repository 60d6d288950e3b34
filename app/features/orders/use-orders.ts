import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderListEntry } from "../../../contract/orders";
import { apiFetch, errorFrom } from "~/lib/api/client";

const PAGE = 20;

interface OrdersState {
  orders: OrderListEntry[] | null;
  failure: unknown;
  /** True while there is a next page to load (the server sent X-Next-Cursor). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

async function fetchPage(cursor: string | null): Promise<{ page: OrderListEntry[]; next: string | null }> {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) query.set("cursor", cursor);
  const response = await apiFetch(`/api/orders?${query}`);
  if (!response.ok) throw await errorFrom(response);
  return { page: (await response.json()) as OrderListEntry[], next: response.headers.get("x-next-cursor") };
}

/** GET /api/orders: the customer's own orders, newest first, a page at a time (`loadMore` fetches the next). */
export function useOrders(): OrdersState {
  const [orders, setOrders] = useState<OrderListEntry[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    fetchPage(null)
      .then(({ page, next }) => {
        if (!live.current) return;
        setOrders(page);
        setCursor(next);
      })
      .catch((error: unknown) => live.current && setFailure(error));
    return () => {
      live.current = false;
    };
  }, []);

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setFailure(null);
    fetchPage(cursor)
      .then(({ page, next }) => {
        if (!live.current) return;
        setOrders((shown) => [...(shown ?? []), ...page]);
        setCursor(next);
      })
      .catch((error: unknown) => live.current && setFailure(error))
      .finally(() => live.current && setLoadingMore(false));
  }, [cursor, loadingMore]);

  return { orders, failure, hasMore: cursor !== null, loadingMore, loadMore };
}
