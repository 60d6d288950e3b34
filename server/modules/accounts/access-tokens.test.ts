import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from "./access-tokens";

const OLD = "old-secret-old-secret-old-secret-0123456";
const NEW = "new-secret-new-secret-new-secret-0123456";
const user = { id: "user-1", role: "customer" as const, sessionId: "session-1" };

describe("JWT_SECRET rotation", () => {
  it("accepts tokens signed with the previous secret during a rotation, and signs new ones with the new secret only", async () => {
    const before = createAccessTokens(OLD);
    const rotating = createAccessTokens(NEW, undefined, [OLD]);
    const after = createAccessTokens(NEW);
    const oldToken = await before.sign(user);
    const newToken = await rotating.sign(user);

    expect(await rotating.verify(oldToken)).toEqual(user);
    expect(await rotating.verify(newToken)).toEqual(user);
    // Once the previous secret is dropped, what it signed is refused; the new secret's tokens still verify.
    expect(await after.verify(oldToken)).toBeNull();
    expect(await after.verify(newToken)).toEqual(user);
    // An instance still on the old secret alone does not take the new secret's tokens.
    expect(await before.verify(newToken)).toBeNull();
  });

  it("still refuses a forged or revoked token when previous secrets are listed", async () => {
    const revoked = createAccessTokens(NEW, async (sessionId) => sessionId === "session-1", [OLD]);
    expect(await revoked.verify(await createAccessTokens(OLD).sign(user))).toBeNull();
    const forged = await createAccessTokens("forged-forged-forged-forged-forged-0123").sign(user);
    expect(await createAccessTokens(NEW, undefined, [OLD]).verify(forged)).toBeNull();
  });
});

describe("a token used before", () => {
  afterEach(() => vi.useRealTimers());

  it("is refused once it expires, and when its sign-in ends, like one seen for the first time", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T12:00:00Z") });
    const ended = new Set<string>();
    const tokens = createAccessTokens(NEW, async (sessionId) => ended.has(sessionId));
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(user);
    ended.add(user.sessionId);
    expect(await tokens.verify(token)).toBeNull();
    ended.clear();
    vi.setSystemTime(Date.now() + 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await createAccessTokens(NEW).verify(token)).toBeNull();
  });
});
