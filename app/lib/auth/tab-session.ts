import { tokens } from "~/lib/api/tokens";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { SESSION_CHANNEL, shareSession, type SessionSharing, type TabTokens } from "./shared-session";

/** This tab's tokens as the sharing between tabs sees them; a pair from another tab is kept for this session only. */
const browserTab: TabTokens = {
  held() {
    const accessToken = tokens.access();
    const refreshToken = tokens.refresh();
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  },
  sessionOnly: () => !tokens.rememberMe() && Boolean(window.sessionStorage.getItem(STORAGE_KEYS.jwtToken)),
  mayBeShared: () => window.localStorage.getItem(STORAGE_KEYS.rememberMe) === "false",
  save: (pair) => tokens.save(pair, false),
  clear: () => tokens.clear(),
  subscribe: (listener) => tokens.subscribe(listener),
};

let sharing: SessionSharing | null = null;

/** Joins this tab to the browser session's sign-in (shared-session.ts); once, before the app hydrates. */
export function startSessionSharing(): void {
  if (sharing || typeof window === "undefined" || typeof BroadcastChannel === "undefined") return;
  sharing = shareSession({ channel: new BroadcastChannel(SESSION_CHANNEL), tab: browserTab, id: crypto.randomUUID() });
}

/** Whether this tab still waits for another tab to hand it the session, and a way to hear when that ends. */
export const tabSession = {
  pending: (): boolean => sharing?.pending() ?? false,
  subscribe: (listener: () => void): (() => void) => sharing?.subscribe(listener) ?? (() => undefined),
};
