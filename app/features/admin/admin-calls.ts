import type { StaffChallenge, StaffTokens } from "../../../contract/staff";
import { ApiClientError } from "~/lib/api/api-error";
import { api, apiFetch, errorFrom } from "~/lib/api/client";

/**
 * A back-office call: like `api`, but a 404 or 409 keeps the server's `detail` as the general message (an invitation
 * that expired or was used says so instead of "An unexpected server error occurred.").
 */
export async function adminCall<T>(path: string, options: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 404 || response.status === 409) {
    const detail = ((await response.json().catch(() => ({}))) as { detail?: string }).detail ?? null;
    throw new ApiClientError("unexpected", response.status, {}, detail);
  }
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const staffCalls = {
  signIn: (body: { email: string; password: string; rememberMe: boolean }) => api<StaffChallenge>("/api/admin/auth/sign-in", { body, auth: false }),
  verify: (body: { challenge: string; code: string }) => api<StaffTokens>("/api/admin/auth/verify", { body, auth: false }),
  enrol: (body: { challenge: string; code: string }) => api<StaffTokens>("/api/admin/auth/enrol", { body, auth: false }),
};
