import { STORAGE_KEYS } from "~/lib/storage-keys";

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type Listener = (signedIn: boolean) => void;
const listeners = new Set<Listener>();

function stores(): Storage[] {
  if (typeof window === "undefined") return [];
  return [window.localStorage, window.sessionStorage];
}

/** Tokens live in localStorage when "remember me" was ticked, else in sessionStorage (CONTRACT §2). */
export const tokens = {
  rememberMe(): boolean {
    return typeof window !== "undefined" && window.localStorage.getItem(STORAGE_KEYS.rememberMe) === "true";
  },

  access(): string | null {
    for (const store of stores()) {
      const token = store.getItem(STORAGE_KEYS.jwtToken);
      if (token) return token;
    }
    return null;
  },

  refresh(): string | null {
    for (const store of stores()) {
      const token = store.getItem(STORAGE_KEYS.refreshToken);
      if (token) return token;
    }
    return null;
  },

  /** Stores a new pair; `rememberMe` defaults to the choice made at sign-in. */
  save(pair: TokenPair, rememberMe: boolean = tokens.rememberMe()): void {
    tokens.clear(false);
    const [local, session] = stores();
    if (!local || !session) return;
    local.setItem(STORAGE_KEYS.rememberMe, String(rememberMe));
    const store = rememberMe ? local : session;
    store.setItem(STORAGE_KEYS.jwtToken, pair.accessToken);
    store.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken);
    for (const listener of listeners) listener(true);
  },

  /** Logout: both tokens leave both storages. */
  clear(notify = true): void {
    for (const store of stores()) {
      store.removeItem(STORAGE_KEYS.jwtToken);
      store.removeItem(STORAGE_KEYS.refreshToken);
    }
    if (notify) for (const listener of listeners) listener(false);
  },

  /** Called with true on sign-in and false on sign-out. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
