import { describe, expect, it } from "vitest";
import { DomainError } from "../../platform/domain-error";
import { manualClock } from "../../platform/clock";
import { createExpiringStore } from "../../platform/expiring-store";
import { createLoginThrottle, LOGIN_THROTTLE } from "./login-throttle";


async function waitSeconds(check: Promise<void>): Promise<number | null> {
  try {
    await check;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("too_many");
    return Number((error as DomainError).retryAfterSeconds);
  }
}

const HOME = "198.51.100.1";

describe("login throttle", () => {
  it("doubles the wait from the fifth failure and never waits more than 15 minutes", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    const email = "victim@example.com";
    const waits: number[] = [];
    for (let failure = 1; failure <= 12; failure++) {
      const wait = await waitSeconds(throttle.check(email, HOME));
      if (wait) {
        waits.push(wait);
        clock.advance(wait * 1000);
      }
      expect(await waitSeconds(throttle.check(email, HOME))).toBeNull();
      await throttle.failed(email, HOME);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(await waitSeconds(throttle.check(email, HOME))).toBe(LOGIN_THROTTLE.maxWaitMs / 1000);
  });

  it("forgets failures a day after the last one, and at once after a success", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    for (let i = 0; i < 4; i++) await throttle.failed("a@example.com", HOME);
    clock.advance(LOGIN_THROTTLE.rememberMs + 1);
    await throttle.failed("a@example.com", HOME);
    expect(await waitSeconds(throttle.check("a@example.com", HOME))).toBeNull();

    for (let i = 0; i < 5; i++) await throttle.failed("b@example.com", HOME);
    expect(await waitSeconds(throttle.check("b@example.com", HOME))).toBe(30);
    await throttle.succeeded("b@example.com", HOME);
    expect(await waitSeconds(throttle.check("b@example.com", HOME))).toBeNull();
  });
});

describe("login throttle across addresses", () => {
  it("slows a stranger guessing from many addresses, but never holds an address the owner signed in from", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    const email = "owner@example.com";
    await throttle.succeeded(email, HOME);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailuresPerAccount + 5; i++) await throttle.failed(email, `203.0.113.${i}`);
    expect(await waitSeconds(throttle.check(email, HOME))).toBeNull();
    expect(await waitSeconds(throttle.check(email, "192.0.2.99"))).toBeGreaterThan(0);
    // A reset by mail proves the owner: the account-wide count starts again everywhere.
    await throttle.cleared(email);
    expect(await waitSeconds(throttle.check(email, "192.0.2.99"))).toBeNull();
  });

  it("counts an IPv6 /64 as one address", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    for (let i = 0; i < 5; i++) await throttle.failed("v6@example.com", `2001:db8:1:2::${i + 1}`);
    expect(await waitSeconds(throttle.check("v6@example.com", "2001:db8:1:2::ffff"))).toBe(30);
  });
});

describe("in-memory expiring store", () => {
  it("lets values expire by the given clock", async () => {
    const clock = manualClock();
    const store = createExpiringStore(null, { clock });
    await store.set("k", "v", 1000);
    expect(await store.increment("n", 1000)).toBe(1);
    expect(await store.increment("n", 1000)).toBe(2);
    clock.advance(999);
    expect(await store.get("k")).toBe("v");
    clock.advance(1);
    expect(await store.get("k")).toBeNull();
    expect(await store.increment("n", 1000)).toBe(1);
  });
});
