import { useState } from "react";
import { ApiClientError } from "./api-error";
import { api } from "./client";
import { useApiData } from "./use-api-data";

/** A keyset page as the API answers it: its items and the cursor of the next page (null: the last one). */
export interface KeysetPage<Item> {
  items: Item[];
  next: string | null;
}

interface More<Item> {
  /** The first page these pages continue: a new first page (new filters, a reload) starts over. */
  after: KeysetPage<Item>;
  items: Item[];
  next: string | null;
  failure: ApiClientError | null;
}

/**
 * A list read a keyset page at a time: the first page of `path` (useApiData), then each `more()` appends the page
 * at the last answer's cursor ("load more"). `more` is null when there is no further page.
 */
export function useApiPages<Item>(path: string | null) {
  const first = useApiData<KeysetPage<Item>>(path);
  const [extra, setExtra] = useState<More<Item> | null>(null);
  const [busy, setBusy] = useState(false);
  const current = extra && first.data && extra.after === first.data ? extra : null;
  const items = first.data ? [...first.data.items, ...(current?.items ?? [])] : null;
  const next = current ? current.next : (first.data?.next ?? null);

  async function loadMore() {
    const after = first.data;
    if (!path || !next || !after || busy) return;
    setBusy(true);
    const shown = current?.items ?? [];
    try {
      const page = await api<KeysetPage<Item>>(`${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(next)}`);
      setExtra({ after, items: [...shown, ...page.items], next: page.next, failure: null });
    } catch (error) {
      setExtra({ after, items: shown, next, failure: error instanceof ApiClientError ? error : new ApiClientError("generic", 0) });
    } finally {
      setBusy(false);
    }
  }

  return {
    items,
    loading: first.loading,
    failure: first.failure,
    reload: first.reload,
    busy,
    moreFailure: current?.failure ?? null,
    more: next ? () => void loadMore() : null,
  };
}
