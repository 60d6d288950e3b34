import { useSyncExternalStore } from "react";
import { tokens } from "~/lib/api/tokens";
import { STORAGE_KEYS } from "~/lib/storage-keys";

/** "unknown" while server-rendering and hydrating: tokens live in browser storage, only the client can tell. */
export type SessionStatus = "unknown" | "signedIn" | "anonymous";

function subscribe(onChange: () => void): () => void {
  const unsubscribe = tokens.subscribe(onChange);
  // Another tab signing in or out changes localStorage; follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.jwtToken || event.key === STORAGE_KEYS.refreshToken) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener("storage", onStorage);
  };
}

function clientStatus(): SessionStatus {
  return tokens.access() ? "signedIn" : "anonymous";
}

const serverStatus = (): SessionStatus => "unknown";

/** Signed in means an access token exists (SPEC §4); re-renders on sign-in and sign-out. */
export function useSession(): SessionStatus {
  return useSyncExternalStore(subscribe, clientStatus, serverStatus);
}
