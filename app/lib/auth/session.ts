import { useSyncExternalStore } from "react";
import { tokens } from "~/lib/api/tokens";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { tabSession } from "./tab-session";

/**
 * "unknown" while server-rendering and hydrating (tokens live in browser storage, only the client can tell) and while a
 * new tab asks the open ones for the session's sign-in (tab-session.ts).
 */
export type SessionStatus = "unknown" | "signedIn" | "anonymous";

function subscribe(onChange: () => void): () => void {
  const unsubscribe = tokens.subscribe(onChange);
  // A new tab asking the others for the session's sign-in knows once one answers or none does.
  const unsubscribeTabs = tabSession.subscribe(onChange);
  // Another tab signing in or out changes localStorage; follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.jwtToken || event.key === STORAGE_KEYS.refreshToken) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    unsubscribe();
    unsubscribeTabs();
    window.removeEventListener("storage", onStorage);
  };
}

function clientStatus(): SessionStatus {
  if (tokens.access()) return "signedIn";
  return tabSession.pending() ? "unknown" : "anonymous";
}

const serverStatus = (): SessionStatus => "unknown";

/** Signed in means an access token exists (SPEC §4); re-renders on sign-in and sign-out. */
export function useSession(): SessionStatus {
  return useSyncExternalStore(subscribe, clientStatus, serverStatus);
}
