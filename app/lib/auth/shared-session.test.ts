import { describe, expect, it } from "vitest";
import type { TokenPair } from "~/lib/api/tokens";
import { readMessage, shareSession, type SessionChannel, type SessionMessage, type TabTokens } from "./shared-session";

/** Messages posted and not yet delivered, of every bus: `settle()` delivers them, and what they send in turn. */
const undelivered: Array<() => void> = [];

/** Channels of one origin: a message reaches every other channel of the bus later, not during postMessage, as BroadcastChannel does. */
function bus() {
  const channels = new Set<SessionChannel>();
  const sent: SessionMessage[] = [];
  return {
    sent,
    open(): SessionChannel {
      const channel: SessionChannel = {
        onmessage: null,
        postMessage(message) {
          sent.push(message);
          const data = structuredClone(message);
          for (const other of channels) {
            if (other !== channel) undelivered.push(() => other.onmessage?.({ data } as MessageEvent));
          }
        },
        close: () => void channels.delete(channel),
      };
      channels.add(channel);
      return channel;
    },
  };
}

/** One tab's storage: its own sessionStorage pair, and the browser's shared remember-me choice. */
function tab(browser: { rememberMe: string | null }, pair: TokenPair | null = null, remembered = false): TabTokens & { pair: TokenPair | null } {
  const listeners = new Set<(signedIn: boolean) => void>();
  const state = {
    pair,
    held: () => state.pair,
    sessionOnly: () => state.pair !== null && !remembered,
    mayBeShared: () => browser.rememberMe === "false",
    save(next: TokenPair) {
      state.pair = next;
      browser.rememberMe = "false";
      for (const listener of listeners) listener(true);
    },
    clear() {
      state.pair = null;
      for (const listener of listeners) listener(false);
    },
    subscribe(listener: (signedIn: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return state;
}

/** Delivers every message on its way, and the answers they cause, letting the handlers' promises run between. */
async function settle(): Promise<void> {
  for (let delivered = 0; undelivered.length > 0 || delivered === 0; delivered++) {
    undelivered.shift()?.();
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  }
}
const PAIR = { accessToken: "access-1", refreshToken: "refresh-1" };

describe("one sign-in for the tabs of a browser session (issue 25, point 5)", () => {
  it("hands a new tab the pair an open tab keeps for the session, and the wait ends", async () => {
    const channels = bus();
    const browser = { rememberMe: "false" };
    const first = tab(browser, PAIR);
    shareSession({ channel: channels.open(), tab: first, id: "first" });
    const second = tab(browser);
    const sharing = shareSession({ channel: channels.open(), tab: second, id: "second" });
    const ended: string[] = [];
    sharing.subscribe(() => ended.push("ended"));
    expect(sharing.pending()).toBe(true);
    await settle();
    expect(second.pair).toEqual(PAIR);
    expect(sharing.pending()).toBe(false);
    expect(ended).toEqual(["ended"]);
    // Taking it over is not news: nobody is told of a sign-in.
    expect(channels.sent.map((message) => message.type)).toEqual(["ask", "answer"]);
  });

  it("does not ask on a browser where nobody signed in for the session only, and no tab there answers", async () => {
    const channels = bus();
    const browser = { rememberMe: null };
    const sharing = shareSession({ channel: channels.open(), tab: tab(browser), id: "new" });
    expect(sharing.pending()).toBe(false);
    const remembered = tab({ rememberMe: "true" }, PAIR, true);
    shareSession({ channel: channels.open(), tab: remembered, id: "remembered" });
    channels.open().postMessage({ type: "ask", from: "someone" });
    await settle();
    // A remembered pair is in localStorage already; it never travels.
    expect(channels.sent.map((message) => message.type)).toEqual(["ask"]);
  });

  it("stops waiting when no tab answers in time: the visitor counts as signed out", () => {
    const timers: Array<() => void> = [];
    const browser = { rememberMe: "false" };
    const alone = tab(browser);
    const sharing = shareSession({ channel: bus().open(), tab: alone, id: "alone", timeoutMs: 1500, setTimer: (run) => timers.push(run), clearTimer: () => undefined });
    expect(sharing.pending()).toBe(true);
    timers[0]?.();
    expect(sharing.pending()).toBe(false);
    expect(alone.pair).toBeNull();
  });

  it("ignores an answer meant for another tab", async () => {
    const channels = bus();
    const browser = { rememberMe: "false" };
    const waiting = tab(browser);
    const sharing = shareSession({ channel: channels.open(), tab: waiting, id: "mine" });
    channels.open().postMessage({ type: "answer", to: "someone-else", pair: PAIR });
    await settle();
    expect(waiting.pair).toBeNull();
    expect(sharing.pending()).toBe(true);
    sharing.stop();
  });

  it("passes a refreshed pair to the other tabs, so none keeps a spent refresh token", async () => {
    const channels = bus();
    const browser = { rememberMe: "false" };
    const first = tab(browser, PAIR);
    const second = tab(browser, PAIR);
    shareSession({ channel: channels.open(), tab: first, id: "first" });
    shareSession({ channel: channels.open(), tab: second, id: "second" });
    first.save({ accessToken: "access-2", refreshToken: "refresh-2" });
    await settle();
    expect(second.pair).toEqual({ accessToken: "access-2", refreshToken: "refresh-2" });
    expect(channels.sent.map((message) => message.type)).toEqual(["signedIn"]);
  });

  it("signs every tab out when one signs out, once", async () => {
    const channels = bus();
    const browser = { rememberMe: "false" };
    const tabs = [tab(browser, PAIR), tab(browser, PAIR), tab(browser, PAIR)];
    tabs.forEach((each, n) => shareSession({ channel: channels.open(), tab: each, id: `tab-${n}` }));
    tabs[0]?.clear();
    await settle();
    expect(tabs.map((each) => each.pair)).toEqual([null, null, null]);
    expect(channels.sent.map((message) => message.type)).toEqual(["signedOut"]);
  });
});

describe("the session channel's messages", () => {
  it("reads only well-formed messages of its own kind", () => {
    expect(readMessage({ type: "answer", to: "t", pair: { accessToken: "a", refreshToken: "r", extra: 1 } })).toEqual({
      type: "answer",
      to: "t",
      pair: { accessToken: "a", refreshToken: "r" },
    });
    expect(readMessage({ type: "signedIn", pair: { accessToken: 1, refreshToken: "r" } })).toBeNull();
    expect(readMessage({ type: "ask" })).toBeNull();
    expect(readMessage("signedOut")).toBeNull();
    expect(readMessage(null)).toBeNull();
  });
});
