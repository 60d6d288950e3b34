import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeBrowser, type FakeBrowser } from "./fake-browser";
import { tokens } from "./tokens";

let browser: FakeBrowser;

beforeEach(() => {
  browser = installFakeBrowser();
});

afterEach(() => browser.uninstall());

describe("tokens (CONTRACT §2)", () => {
  it("keeps tokens in sessionStorage without remember me and in localStorage with it", () => {
    tokens.save({ accessToken: "a1", refreshToken: "r1" }, false);
    expect(browser.sessionStorage.getItem("jwtToken")).toBe("a1");
    expect(browser.sessionStorage.getItem("refreshToken")).toBe("r1");
    expect(browser.localStorage.getItem("jwtToken")).toBeNull();
    expect(browser.localStorage.getItem("rememberMe")).toBe("false");

    tokens.save({ accessToken: "a2", refreshToken: "r2" }, true);
    expect(browser.localStorage.getItem("jwtToken")).toBe("a2");
    expect(browser.localStorage.getItem("refreshToken")).toBe("r2");
    expect(browser.localStorage.getItem("rememberMe")).toBe("true");
    expect(browser.sessionStorage.getItem("jwtToken")).toBeNull();
    expect(tokens.access()).toBe("a2");
  });

  it("keeps the remember-me choice when a refreshed pair is saved", () => {
    tokens.save({ accessToken: "a1", refreshToken: "r1" }, true);
    tokens.save({ accessToken: "a2", refreshToken: "r2" });
    expect(browser.localStorage.getItem("jwtToken")).toBe("a2");
  });

  it("clears both tokens from both storages on sign-out and tells subscribers", () => {
    browser.localStorage.setItem("jwtToken", "x");
    browser.localStorage.setItem("refreshToken", "y");
    browser.sessionStorage.setItem("jwtToken", "z");
    browser.sessionStorage.setItem("refreshToken", "w");
    const seen: boolean[] = [];
    const unsubscribe = tokens.subscribe((signedIn) => seen.push(signedIn));
    tokens.clear();
    unsubscribe();
    for (const store of [browser.localStorage, browser.sessionStorage]) {
      expect(store.getItem("jwtToken")).toBeNull();
      expect(store.getItem("refreshToken")).toBeNull();
    }
    expect(tokens.access()).toBeNull();
    expect(seen).toEqual([false]);
  });
});
