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
    return (error as DomainError).retryAfterSeconds ?? null;
  }
}

describe("login throttle", () => {
  it("doubles the wait from the fifth failure and never waits more than 15 minutes", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    const email = "victim@example.com";
    const waits: number[] = [];
    for (let failure = 1; failure <= 12; failure++) {
      const wait = await waitSeconds(throttle.check(email));
      if (wait) {
        waits.push(wait);
        clock.advance(wait * 1000);
      }
      expect(await waitSeconds(throttle.check(email))).toBeNull();
      await throttle.failed(email);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(await waitSeconds(throttle.check(email))).toBe(LOGIN_THROTTLE.maxWaitMs / 1000);
  });

  it("forgets failures a day after the last one, and at once after a success", async () => {
    const clock = manualClock();
    const throttle = createLoginThrottle(createExpiringStore(null, { clock }), clock);
    for (let i = 0; i < 4; i++) await throttle.failed("a@example.com");
    clock.advance(LOGIN_THROTTLE.rememberMs + 1);
    await throttle.failed("a@example.com");
    expect(await waitSeconds(throttle.check("a@example.com"))).toBeNull();

    for (let i = 0; i < 5; i++) await throttle.failed("b@example.com");
    expect(await waitSeconds(throttle.check("b@example.com"))).toBe(30);
    await throttle.succeeded("b@example.com");
    expect(await waitSeconds(throttle.check("b@example.com"))).toBeNull();
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
