import { describe, expect, it } from "vitest";
import { cachedPagePromises } from "./page-promises";

/** A catalog whose terms staff change (`change`), telling its listeners as the real one does. */
function fakeCatalog() {
  let turnaroundDays = 5;
  let failing = false;
  const listeners: Array<() => void> = [];
  return {
    reads: 0,
    async orderTerms() {
      this.reads++;
      if (failing) throw new Error("database away");
      return { turnaroundDays, revisionRounds: 2, revisionDays: 3 };
    },
    onChange(listener: () => void) {
      listeners.push(listener);
      return () => {};
    },
    change(days: number) {
      turnaroundDays = days;
      for (const listener of listeners) listener();
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}

describe("the promises the pages state", () => {
  it("are read once, then shown as staff change them", async () => {
    const catalog = fakeCatalog();
    const promises = cachedPagePromises(catalog, { reviewDays: 7, onTimeCreditPercent: 10 });
    const first = await promises();
    expect(first.terms["investor-deck"]?.turnaroundDays).toBe(5);
    const reads = catalog.reads;
    expect(await promises()).toBe(first);
    expect(catalog.reads).toBe(reads);
    catalog.change(9);
    expect((await promises()).terms["investor-deck"]?.turnaroundDays).toBe(9);
  });

  it("are read again after a failed read", async () => {
    const catalog = fakeCatalog();
    const promises = cachedPagePromises(catalog, { reviewDays: 7, onTimeCreditPercent: 10 });
    catalog.fail(true);
    await expect(promises()).rejects.toThrow("database away");
    catalog.fail(false);
    expect((await promises()).reviewDays).toBe(7);
  });
});
