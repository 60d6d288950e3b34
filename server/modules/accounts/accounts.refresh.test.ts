import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, TEST_REDIS_URL, type TestStore } from "../../test/test-store";
import { REFRESH_RACE_WINDOW_MS } from "./sessions.service";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60_000;
const refresh = (refreshToken: string) => store.post("/api/Accounts/refresh", { refreshToken });
const profile = (accessToken: string) => store.call("/api/Accounts/profile", { token: accessToken });
const signIn = async (rememberMe?: boolean) => {
  const customer = await registerCustomer(store);
  const answer = await store.post("/api/Accounts/login", { email: customer.email, password: customer.password, rememberMe });
  expect(answer.status).toBe(200);
  return answer.body as { accessToken: string; refreshToken: string };
};
const SESSION_ENDED = { status: 401, title: "Unauthorized", detail: "This sign-in has ended. Please sign in again." };

describe("POST /api/Accounts/refresh", () => {
  it("rotates: a new pair that works, and the old refresh token stops working", async () => {
    const first = await signIn();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(second.body.accessToken)).status).toBe(200);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    const third = await refresh(second.body.refreshToken);
    expect(third.status).toBe(200);
  });

  it("stores refresh tokens only as hashes", async () => {
    const { refreshToken } = await signIn();
    const stored = await store.db.kysely.selectFrom("refresh_tokens").select("token_hash").execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.token_hash === refreshToken)).toBe(false);
  });

  it("ends the whole sign-in when a spent token comes back later: its newer tokens die too", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const stolen = await signIn();
    const rotated = await refresh(stolen.refreshToken);
    vi.setSystemTime(start + 60_000);
    const reuse = await refresh(stolen.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(SESSION_ENDED);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    // The sign-in's access tokens stop working at once too.
    expect((await profile(rotated.body.accessToken)).status).toBe(401);
  });

  it("lets exactly one of two simultaneous refreshes win, and the winner's tokens keep working", async () => {
    const pair = await signIn();
    const answers = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await profile(winner.body.accessToken)).status).toBe(200);
    expect((await refresh(winner.body.refreshToken)).status).toBe(200);
  });

  it("ends after one day without remember-me, however often it was refreshed", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    let { refreshToken } = await signIn(false);
    vi.setSystemTime(start + 20 * HOUR);
    const kept = await refresh(refreshToken);
    expect(kept.status).toBe(200);
    refreshToken = kept.body.refreshToken;
    vi.setSystemTime(start + 25 * HOUR);
    const expired = await refresh(refreshToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(SESSION_ENDED);
  });

  it("lasts 30 days with remember-me", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const { refreshToken } = await signIn(true);
    vi.setSystemTime(start + 29 * 24 * HOUR);
    const kept = await refresh(refreshToken);
    expect(kept.status).toBe(200);
    vi.setSystemTime(start + 31 * 24 * HOUR);
    expect((await refresh(kept.body.refreshToken)).status).toBe(401);
  });

  it("refuses an unknown token with 401 and a missing one with a field error", async () => {
    expect((await refresh("x".repeat(43))).status).toBe(401);
    const missing = await store.post("/api/Accounts/refresh", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ refreshToken: ["This field is required."] });
  });
});

describe("access tokens", () => {
  it("are refused when missing, forged or expired", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const { accessToken } = await signIn();
    expect((await store.call("/api/Accounts/profile")).status).toBe(401);
    // A signature changed in a character that carries only signature bits (the last character of base64url also
    // carries padding bits, so replacing it can decode to the same bytes: the old "xx" ending passed 1 run in ~256).
    const signatureAt = accessToken.lastIndexOf(".") + 5;
    const forged = `${accessToken.slice(0, signatureAt)}${accessToken[signatureAt] === "A" ? "B" : "A"}${accessToken.slice(signatureAt + 1)}`;
    expect((await profile(forged)).status).toBe(401);
    vi.setSystemTime(start + 16 * 60_000);
    expect((await profile(accessToken)).status).toBe(401);
  });
});

describe("POST /api/Accounts/logout", () => {
  it("ends the sign-in: its refresh and access tokens stop working, other sign-ins stay", async () => {
    const customer = await registerCustomer(store);
    const other = (await store.post("/api/Accounts/login", { email: customer.email, password: customer.password })).body;
    const answer = await store.post("/api/Accounts/logout", { refreshToken: customer.refreshToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await profile(customer.accessToken)).status).toBe(401);
    expect((await profile(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it("answers 200 for an unknown or already ended token", async () => {
    expect((await store.post("/api/Accounts/logout", { refreshToken: "y".repeat(43) })).status).toBe(200);
    const { refreshToken } = await signIn();
    await store.post("/api/Accounts/logout", { refreshToken });
    expect((await store.post("/api/Accounts/logout", { refreshToken })).status).toBe(200);
  });
});

describe("old sign-ins", () => {
  it("are forgotten a day after they ended, when the user signs in again", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const customer = await registerCustomer(store);
    await store.post("/api/Accounts/logout", { refreshToken: customer.refreshToken });
    const sessions = () => store.db.kysely.selectFrom("sessions").select("id").where("user_id", "=", customer.userId).execute();
    const [ended] = await sessions();
    vi.setSystemTime(start + 23 * HOUR);
    await store.post("/api/Accounts/login", { email: customer.email, password: customer.password });
    expect((await sessions()).map((session) => session.id)).toContain(ended!.id);
    vi.setSystemTime(start + 25 * HOUR);
    await store.post("/api/Accounts/login", { email: customer.email, password: customer.password });
    const left = (await sessions()).map((session) => session.id);
    expect(left).toHaveLength(2);
    expect(left).not.toContain(ended!.id);
  });
});

describe.each<{ cache: string; env: Record<string, string> }>([
  { cache: "memory", env: {} },
  { cache: "Redis", env: { REDIS_URL: TEST_REDIS_URL } },
])("re-use of a spent refresh token, sign-ins cached in $cache", ({ env }) => {
  const clock = manualClock();
  let timed: TestStore;
  beforeAll(async () => {
    timed = await startTestStore(env, { clock });
  });
  afterAll(() => timed.close());
  const pairOf = async () => {
    const customer = await registerCustomer(timed);
    const newer = await timed.post("/api/Accounts/refresh", { refreshToken: customer.refreshToken });
    expect(newer.status).toBe(200);
    return { spent: customer.refreshToken, newer: newer.body as { accessToken: string; refreshToken: string } };
  };
  const answers = async (newer: { accessToken: string; refreshToken: string }) => [
    (await timed.call("/api/Accounts/profile", { token: newer.accessToken })).status,
    (await timed.post("/api/Accounts/refresh", { refreshToken: newer.refreshToken })).status,
  ];

  it("within the race window answers 401 and the newer pair keeps working (two tabs refreshing together)", async () => {
    const { spent, newer } = await pairOf();
    clock.advance(REFRESH_RACE_WINDOW_MS - 1000);
    expect((await timed.post("/api/Accounts/refresh", { refreshToken: spent })).status).toBe(401);
    expect(await answers(newer)).toEqual([200, 200]);
  });

  it("after the race window answers 401 and ends the whole sign-in: the newer access and refresh tokens answer 401", async () => {
    const { spent, newer } = await pairOf();
    // The newer access token was checked (and its sign-in cached as live) before the replay.
    expect((await timed.call("/api/Accounts/profile", { token: newer.accessToken })).status).toBe(200);
    clock.advance(REFRESH_RACE_WINDOW_MS + 1000);
    const replay = await timed.post("/api/Accounts/refresh", { refreshToken: spent });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(SESSION_ENDED);
    expect(await answers(newer)).toEqual([401, 401]);
  });
});
