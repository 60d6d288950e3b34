import { useCallback, useEffect, useState } from "react";
import { ApiClientError } from "./api-error";
import { api, type RequestOptions } from "./client";

export interface ApiData<T> {
  /** The last answer (kept while the next one loads, so a reload does not blank the screen); null before it. */
  data: T | null;
  /** Why the last request failed, or null. */
  failure: ApiClientError | null;
  loading: boolean;
  /** Asks again (a "try again" button, or after an action changed the data). */
  reload(): void;
  /** Takes the fresh state an action answered with. */
  replace(data: T): void;
}

/**
 * The one way a screen reads the API: GET `path` once the page runs in the browser (tokens live there), again when
 * `path` changes or on `reload`; `null` asks nothing yet. Every failure is an ApiClientError.
 */
export function useApiData<T>(path: string | null, options: Pick<RequestOptions, "auth"> = {}): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<ApiClientError | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [attempt, setAttempt] = useState(0);
  const auth = options.auth;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `reload` asks again
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setFailure(null);
    api<T>(path, { auth })
      .then((answer) => live && setData(answer))
      .catch((error: unknown) => live && setFailure(error instanceof ApiClientError ? error : new ApiClientError("generic", 0)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, auth, attempt]);
  const replace = useCallback((next: T) => setData(next), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, failure, loading, replace, reload };
}
