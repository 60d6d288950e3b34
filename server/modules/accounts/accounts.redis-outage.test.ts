import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer } from "../../test/accounts";
import { startOwnRedis, type OwnRedis } from "../../test/own-redis";
import { startTestStore, type TestStore } from "../../test/test-store";
import { REFRESH_RACE_WINDOW_MS } from "./sessions.service";

// Redis is a cache of the database's answer to "has this sign-in ended?": its outage signs no one out, and its
// restart (or an emptied Redis) brings no ended sign-in back. A Redis of this test's own is stopped and started.
let redis: OwnRedis;
let store: TestStore;
const warnings: string[] = [];
const clock = manualClock();
beforeAll(async () => {
  redis = await startOwnRedis();
  store = await startTestStore({ REDIS_URL: redis.url }, { clock, redisLog: (line) => warnings.push(line) });
});
afterAll(async () => {
  await store?.close();
  await redis?.close();
});

const profile = (accessToken: string) => store.call("/api/Accounts/profile", { token: accessToken });
const refresh = (refreshToken: string) => store.post("/api/Accounts/refresh", { refreshToken });
const logout = (refreshToken: string) => store.post("/api/Accounts/logout", { refreshToken });
const redisBack = async () => {
  await redis.start();
  await vi.waitFor(() => expect(store.redis?.status).toBe("ready"), { timeout: 10_000, interval: 50 });
};

describe("signed-in requests while Redis is down", () => {
  it("answer 200, refresh and sign-in work, and a sign-out made meanwhile holds after Redis returns", async () => {
    const customer = await registerCustomer(store);
    const other = await registerCustomer(store);
    expect((await profile(customer.accessToken)).status).toBe(200);
    await redis.stop();

    expect((await profile(customer.accessToken)).status).toBe(200);
    const renewed = await refresh(customer.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await profile(renewed.body.accessToken)).status).toBe(200);
    const signedIn = await store.post("/api/Accounts/login", { email: other.email, password: other.password });
    expect(signedIn.status).toBe(200);
    expect((await logout(renewed.body.refreshToken)).status).toBe(200);
    expect((await profile(renewed.body.accessToken)).status).toBe(401);
    expect((await refresh(renewed.body.refreshToken)).status).toBe(401);
    // One warning line for the whole outage (Redis was up until now), not one per failed command or reconnection.
    expect(warnings.filter((line) => line.includes("Redis is not answering"))).toHaveLength(1);

    await redisBack();
    expect((await profile(renewed.body.accessToken)).status).toBe(401);
    expect((await profile(signedIn.body.accessToken)).status).toBe(200);
  });

  it("a spent refresh token shown after the race window ends the whole sign-in, outage or not", async () => {
    const customer = await registerCustomer(store);
    const newer = (await refresh(customer.refreshToken)).body;
    await redis.stop();
    clock.advance(REFRESH_RACE_WINDOW_MS + 1000);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await profile(newer.accessToken)).status).toBe(401);
    await redisBack();
    expect((await refresh(newer.refreshToken)).status).toBe(401);
    expect((await profile(newer.accessToken)).status).toBe(401);
  });
});

describe("a sign-out made before Redis lost its keys", () => {
  it("stays refused after FLUSHALL and after a restart without persistence, while a live sign-in keeps working", async () => {
    const gone = await registerCustomer(store);
    const live = await registerCustomer(store);
    expect((await profile(gone.accessToken)).status).toBe(200);
    expect((await logout(gone.refreshToken)).status).toBe(200);
    expect((await profile(gone.accessToken)).status).toBe(401);

    redis.flush();
    expect((await profile(gone.accessToken)).status).toBe(401);
    expect((await profile(live.accessToken)).status).toBe(200);

    await redis.stop();
    await redisBack();
    expect((await profile(gone.accessToken)).status).toBe(401);
    expect((await refresh(gone.refreshToken)).status).toBe(401);
    expect((await profile(live.accessToken)).status).toBe(200);
  });
});
