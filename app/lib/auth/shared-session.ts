import type { TokenPair } from "~/lib/api/tokens";

/**
 * One sign-in for every tab of a browser session (issue 25, point 5). Without "Remember me" the tokens live in each
 * tab's own sessionStorage (CONTRACT §2), so a new tab — or a mail's link opened in one — would ask to sign in again.
 * Tabs talk over a BroadcastChannel, which only reaches pages of the same origin in the same browser profile (the
 * ones that could read this origin's storage anyway); tokens never travel in a URL.
 *
 * - A new tab without tokens, on a browser where someone signed in without "Remember me", asks; the first tab holding
 *   a session-only pair answers to that tab's id, and the new tab keeps the pair in its own sessionStorage. Nothing
 *   answers once every tab is closed: the session still ends with the browser session.
 * - A tab that signs in or refreshes its pair tells the others (a refresh spends the old refresh token; a tab keeping
 *   it would revoke the whole sign-in by using it), and a tab that signs out tells the others to forget theirs.
 * - Until the question is answered or `timeoutMs` passes, the session counts as not known yet, so guarded pages
 *   wait instead of sending a signed-in visitor to sign-in.
 */

export const SESSION_CHANNEL = "scriptorium-session";
/** How long a new tab waits for another tab's answer: a live tab answers within milliseconds, a busy one later. */
export const ASK_TIMEOUT_MS = 1500;

export type SessionMessage =
  | { type: "ask"; from: string }
  | { type: "answer"; to: string; pair: TokenPair }
  | { type: "signedIn"; pair: TokenPair }
  | { type: "signedOut" };

/** What the sharing needs of a channel: BroadcastChannel, or an in-memory one in tests. */
export interface SessionChannel {
  postMessage(message: SessionMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** What the sharing needs of this tab's tokens (app/lib/api/tokens.ts in the browser). */
export interface TabTokens {
  held(): TokenPair | null;
  /** True when this tab's pair is kept in sessionStorage only: the one kind another tab cannot already read. */
  sessionOnly(): boolean;
  /** True when a sign-in without "Remember me" happened in this browser: only then can another tab hold one. */
  mayBeShared(): boolean;
  save(pair: TokenPair): void;
  clear(): void;
  /** Called with true on sign-in or refresh and false on sign-out, whoever caused it. */
  subscribe(listener: (signedIn: boolean) => void): () => void;
}

export interface SessionSharingOptions {
  channel: SessionChannel;
  tab: TabTokens;
  /** This tab's id: answers go to the tab that asked. */
  id: string;
  timeoutMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface SessionSharing {
  /** True while this tab waits for another tab's answer. */
  pending(): boolean;
  /** Called when the wait ends. */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length < 10_000;
const isPair = (value: unknown): value is TokenPair =>
  isText((value as TokenPair | null)?.accessToken) && isText((value as TokenPair | null)?.refreshToken);

/** A message of this protocol, or null for anything else on the channel. */
export function readMessage(data: unknown): SessionMessage | null {
  const message = data as Partial<Record<string, unknown>> | null;
  if (typeof message !== "object" || message === null) return null;
  if (message.type === "ask" && isText(message.from)) return { type: "ask", from: message.from };
  if (message.type === "answer" && isText(message.to) && isPair(message.pair)) return { type: "answer", to: message.to, pair: pairOf(message.pair) };
  if (message.type === "signedIn" && isPair(message.pair)) return { type: "signedIn", pair: pairOf(message.pair) };
  if (message.type === "signedOut") return { type: "signedOut" };
  return null;
}

const pairOf = ({ accessToken, refreshToken }: TokenPair): TokenPair => ({ accessToken, refreshToken });

export function shareSession({
  channel,
  tab,
  id,
  timeoutMs = ASK_TIMEOUT_MS,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: SessionSharingOptions): SessionSharing {
  const listeners = new Set<() => void>();
  let asking = false;
  let timer: unknown;
  // Set while a message from another tab is applied: that change is not news for the other tabs.
  let applying = false;

  const settle = () => {
    if (!asking) return;
    asking = false;
    clearTimer(timer);
    for (const listener of listeners) listener();
  };
  const apply = (change: () => void) => {
    applying = true;
    try {
      change();
    } finally {
      applying = false;
    }
  };

  channel.onmessage = (event) => {
    const message = readMessage(event.data);
    if (message?.type === "ask") {
      const pair = tab.sessionOnly() ? tab.held() : null;
      if (pair) channel.postMessage({ type: "answer", to: message.from, pair });
    } else if (message?.type === "answer") {
      if (message.to !== id || !asking) return;
      if (!tab.held()) apply(() => tab.save(message.pair));
      settle();
    } else if (message?.type === "signedIn") {
      apply(() => tab.save(message.pair));
      settle();
    } else if (message?.type === "signedOut") {
      if (tab.held()) apply(() => tab.clear());
    }
  };

  const unsubscribe = tab.subscribe((signedIn) => {
    if (applying) return;
    settle();
    if (!signedIn) return channel.postMessage({ type: "signedOut" });
    const pair = tab.sessionOnly() ? tab.held() : null;
    if (pair) channel.postMessage({ type: "signedIn", pair });
  });

  if (!tab.held() && tab.mayBeShared()) {
    asking = true;
    timer = setTimer(settle, timeoutMs);
    channel.postMessage({ type: "ask", from: id });
  }

  return {
    pending: () => asking,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      settle();
      unsubscribe();
      channel.onmessage = null;
      channel.close();
    },
  };
}
