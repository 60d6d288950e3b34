import { useCallback, useEffect, useState } from "react";
import { api, type RequestOptions } from "./client";

/**
 * GET `path` once the page runs in the browser (tokens live there), again when `path` changes. `data` stays null
 * while loading or after a failure (`failure`); `replace` takes the fresh state an action answers with; `reload`
 * asks again (a "try again" button).
 */
export function useApiData<T>(path: string | null, options: Pick<RequestOptions, "auth"> = {}) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const auth = options.auth;
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setFailure(null);
    api<T>(path, { auth })
      .then((answer) => live && setData(answer))
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [path, auth, attempt]);
  const replace = useCallback((next: T) => setData(next), []);
  const reload = useCallback(() => {
    setData(null);
    setAttempt((n) => n + 1);
  }, []);
  return { data, failure, loading: data === null && failure === null, replace, reload };
}
