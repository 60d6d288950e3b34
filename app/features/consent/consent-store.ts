import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "~/lib/storage-keys";

/** "accepted", "rejected", or "unknown" until the visitor chooses. */
export type Consent = "accepted" | "rejected" | "unknown";

const listeners = new Set<() => void>();

export function getConsent(): Consent {
  if (typeof window === "undefined") return "unknown";
  const value = window.localStorage.getItem(STORAGE_KEYS.acceptedCookies);
  return value === "true" ? "accepted" : value === "false" ? "rejected" : "unknown";
}

export function setConsent(accepted: boolean): void {
  window.localStorage.setItem(STORAGE_KEYS.acceptedCookies, String(accepted));
  for (const listener of listeners) listener();
}

/**
 * The single hook point for anything optional (analytics, embeds): `whenAccepted(start)` runs `start` once the
 * visitor has accepted, now or later. Nothing optional exists yet; nothing optional may run any other way.
 */
export function whenAccepted(start: () => void): () => void {
  if (getConsent() === "accepted") {
    start();
    return () => {};
  }
  const listener = () => {
    if (getConsent() !== "accepted") return;
    listeners.delete(listener);
    start();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's choice; "accepted" on the server so the banner is never part of the cached HTML. */
export function useConsent(): Consent {
  return useSyncExternalStore(subscribe, getConsent, () => "accepted");
}
