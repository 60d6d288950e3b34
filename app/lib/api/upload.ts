import { localeFromPath } from "../../../common/locales";
import { ApiClientError } from "./api-error";
import { refreshTokens } from "./client";
import { tokens } from "./tokens";

interface Sent<T> {
  status: number;
  body: T | null;
}

function sendForm<T>(path: string, form: FormData, token: string | null, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<Sent<T>> {
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
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiClientError("generic", 0));
    request.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => request.abort());
    request.send(form);
  });
}

/**
 * Posts a multipart form with XMLHttpRequest, whose upload events drive a progress bar (fetch has none for a request
 * body); a 401 refreshes the token once (the client's one refresh in flight) and sends again.
 */
export async function uploadForm<T>(path: string, form: FormData, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<T> {
  let answer = await sendForm<T>(path, form, tokens.access(), onProgress, signal);
  if (answer.status === 401) answer = await sendForm<T>(path, form, await refreshTokens(), onProgress, signal);
  if (answer.status < 200 || answer.status >= 300) {
    const body = answer.body as { detail?: string; errors?: Record<string, string[]> } | null;
    const { "": general = [], ...fields } = body?.errors ?? {};
    const key = answer.status === 400 ? (Object.keys(fields).length > 0 ? "validationFailed" : "serverSide") : answer.status === 429 ? "tooManyRequests" : "unexpected";
    throw new ApiClientError(key, answer.status, fields, general.join(" ") || null, body?.detail ?? null);
  }
  return answer.body as T;
}
