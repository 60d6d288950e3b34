import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnce } from "./reload-once";

function fakeWindow() {
  const stored = new Map<string, string>();
  const assign = vi.fn();
  vi.stubGlobal("window", {
    sessionStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) },
    location: { assign },
  });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reloadOnce", () => {
  it("loads a path once, not again within 10 seconds, and again after that", () => {
    const assign = fakeWindow();
    expect(reloadOnce("/services/seo-layer", 1_000)).toBe(true);
    expect(reloadOnce("/services/seo-layer", 10_999)).toBe(false);
    expect(reloadOnce("/about-us", 10_999)).toBe(true);
    expect(reloadOnce("/services/seo-layer", 11_000)).toBe(true);
    expect(assign.mock.calls).toEqual([["/services/seo-layer"], ["/about-us"], ["/services/seo-layer"]]);
  });
});
