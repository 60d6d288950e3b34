import { localeFromPath, pathInLocale } from "../../../common/locales";
import { ApiClientError } from "./api-error";
import { tokens, type TokenPair } from "./tokens";

/** Where the API lives: same origin by default; `VITE_API_ROOT` at build time points elsewhere. */
const API_ROOT: string = (import.meta.env?.VITE_API_ROOT as string | undefined) ?? "";

/** An API path as the browser opens it itself (a link, a new tab): where the API lives, then the path. */
export function apiUrl(path: string): string {
  return API_ROOT + path;
}

export const NOT_LOGGED_IN_REASON = "You were logged out";

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token and refresh it on 401/403 (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let refreshing: Promise<string> | null = null;

function currentLocale(): "en" | "es" {
  return typeof window === "undefined" ? "en" : localeFromPath(window.location.pathname);
}

function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", "accept-language": currentLocale(), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return fetch(API_ROOT + path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "include",
    signal: options.signal,
  });
}

/** Signs out and sends the browser to /not-logged-in with the reason (CONTRACT §2). */
function forgetAndLeave(): void {
  tokens.clear();
  if (typeof window === "undefined") return;
  const target = pathInLocale("/not-logged-in", currentLocale());
  window.location.assign(`${target}?reason=${encodeURIComponent(NOT_LOGGED_IN_REASON)}`);
}

/**
 * One refresh at a time across the tabs of this browser (Web Locks, where the browser has them): a refresh token
 * works once, and a tab sending the one another tab has just spent would revoke the whole sign-in.
 */
async function oneTabAtATime(run: () => Promise<string>): Promise<string> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? await locks.request("scriptorium-token-refresh", run) : run();
}

/**
 * Exactly one refresh in flight: every caller that failed with the same access token waits for it, and so does every
 * other tab. A tab that waited for another's refresh takes the pair that tab handed on (app/lib/auth/shared-session.ts,
 * or localStorage with "Remember me"). A failed refresh forgets the tokens and leaves for /not-logged-in.
 */
export function refreshTokens(): Promise<string> {
  const seen = tokens.refresh();
  refreshing ??= oneTabAtATime(async () => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) throw new ApiClientError("refreshTokenEmpty", 0);
    const current = tokens.access();
    if (refreshToken !== seen && current) return current;
    let response: Response;
    try {
      response = await send("/api/Accounts/refresh", { method: "POST", body: { refreshToken } }, null);
    } catch {
      throw new ApiClientError("generic", 0);
    }
    if (!response.ok) {
      forgetAndLeave();
      throw new ApiClientError("unexpected", response.status);
    }
    const pair = (await response.json()) as TokenPair;
    tokens.save(pair);
    return pair.accessToken;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Sends a request; on 401/403 refreshes once (shared with concurrent callers) and retries once. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const useAuth = options.auth ?? true;
  const sentWith = useAuth ? tokens.access() : null;
  let response: Response;
  try {
    response = await send(path, options, sentWith);
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiClientError("generic", 0);
  }
  if (!useAuth || !sentWith || (response.status !== 401 && response.status !== 403)) return response;
  // Another caller may already have refreshed while this request was on its way.
  const current = tokens.access();
  const fresh = current && current !== sentWith ? current : await refreshTokens();
  try {
    return await send(path, options, fresh);
  } catch {
    throw new ApiClientError("generic", 0);
  }
}

/**
 * Turns a non-2xx answer into the client error of CONTRACT §7. A 404 or 409 keeps the server's `detail` as the
 * general message (an invitation that expired or was used says so instead of "An unexpected server error occurred.").
 */
export async function errorFrom(response: Response): Promise<ApiClientError> {
  type Problem = { detail?: string; errors?: Record<string, string[]> };
  const body = (await response.json().catch(() => null)) as Problem | null;
  const detail = body?.detail ?? null;
  if (response.status === 429) return new ApiClientError("tooManyRequests", 429, {}, null, detail);
  if (response.status === 404 || response.status === 409) return new ApiClientError("unexpected", response.status, {}, detail, detail);
  if (response.status !== 400) return new ApiClientError("unexpected", response.status, {}, null, detail);
  if (!body) return new ApiClientError("serverSide", 400);
  const { "": general = [], ...fields } = body.errors ?? {};
  const key = Object.keys(fields).length > 0 ? "validationFailed" : "serverSide";
  return new ApiClientError(key, 400, fields, general.join(" ") || null, detail);
}

/** JSON request to the API; resolves with the parsed body or throws an ApiClientError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiClientError("generic", response.status);
  }
}

/** Downloads a file; the name comes from Content-Disposition (RFC 6266 `filename*` first). */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiFetch(path);
  if (!response.ok) throw await errorFrom(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? "download");
  return { blob: await response.blob(), fileName };
}
