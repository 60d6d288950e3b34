import { useCallback, useEffect, useState } from "react";
import { localeFromPath } from "../../../common/locales";
import { apiFetch, refreshTokens } from "~/lib/api/client";
import { tokens } from "~/lib/api/tokens";

/** A failed back-office call with what the server said: its detail (409, 413…) and field errors (400). */
export class AdminCallError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = "AdminCallError";
  }

  /** Every message the server gave, general first: what the screen shows. */
  get messages(): string[] {
    const { "": general = [], ...fields } = this.fields;
    return [...(this.detail ? [this.detail] : []), ...general, ...Object.values(fields).flat()];
  }
}

async function problem(response: Response): Promise<AdminCallError> {
  try {
    const body = (await response.json()) as { detail?: string; errors?: Record<string, string[]> };
    return new AdminCallError(response.status, body.detail ?? null, body.errors ?? {});
  } catch {
    return new AdminCallError(response.status, null);
  }
}

/** A JSON call to the staff API with the signed-in token (refreshed once on 401/403 like every call). */
export async function adminCall<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path, options);
  } catch {
    throw new AdminCallError(0, null);
  }
  if (!response.ok) throw await problem(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Loads `path` (null: not yet) and keeps its data, failure and loading state; `reload` fetches it again. */
export function useAdminData<T>(path: string | null): { data: T | null; failure: AdminCallError | null; loading: boolean; reload(): void; replace(data: T): void } {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<AdminCallError | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setLoading(true);
    setFailure(null);
    adminCall<T>(path)
      .then((answer) => live && setData(answer))
      .catch((error: unknown) => live && setFailure(error instanceof AdminCallError ? error : new AdminCallError(0, null)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, failure, loading, reload, replace: setData };
}

function sendForm<T>(path: string, form: FormData, token: string | null, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<{ status: number; body: T | null; response: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("accept-language", localeFromPath(window.location.pathname));
    if (token) request.setRequestHeader("authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      let body: T | null = null;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as T) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body, response: request.responseText });
    };
    request.onerror = () => reject(new AdminCallError(0, null));
    request.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => request.abort());
    request.send(form);
  });
}

/**
 * Posts a multipart form with XMLHttpRequest, whose upload events drive a progress bar (fetch has none for a request
 * body); a 401 refreshes the token once and sends again, like every other call.
 */
export async function uploadForm<T>(path: string, form: FormData, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<T> {
  let answer = await sendForm<T>(path, form, tokens.access(), onProgress, signal);
  if (answer.status === 401) answer = await sendForm<T>(path, form, await refreshTokens(), onProgress, signal);
  if (answer.status < 200 || answer.status >= 300) {
    const body = answer.body as { detail?: string; errors?: Record<string, string[]> } | null;
    throw new AdminCallError(answer.status, body?.detail ?? null, body?.errors ?? {});
  }
  return answer.body as T;
}
