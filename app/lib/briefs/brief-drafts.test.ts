import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeBrowser, type FakeBrowser } from "~/lib/api/fake-browser";
import { clearBriefDrafts, readBriefDrafts, writeBriefDrafts } from "./brief-drafts";

let browser: FakeBrowser;
beforeEach(() => {
  browser = installFakeBrowser("/cart");
});
afterEach(() => browser.uninstall());

describe("brief drafts under the `orders` storage key", () => {
  it("keeps the drafts of lines still in the cart, keyed by line id, and reads them back", () => {
    writeBriefDrafts({ a: { topic: "Cakes" }, b: { "seo-layer": { website: "https://x.example" } }, gone: { topic: "Old" } }, ["a", "b"]);
    expect(JSON.parse(browser.localStorage.getItem("orders") ?? "")).toEqual({
      a: { topic: "Cakes" },
      b: { "seo-layer": { website: "https://x.example" } },
    });
    expect(readBriefDrafts()).toEqual({ a: { topic: "Cakes" }, b: { "seo-layer": { website: "https://x.example" } } });
  });

  it("leaves no entry when no line has a draft, and clears it when the order is placed", () => {
    writeBriefDrafts({}, ["a"]);
    expect(browser.localStorage.getItem("orders")).toBeNull();
    writeBriefDrafts({ a: { topic: "Cakes" } }, ["a"]);
    clearBriefDrafts();
    expect(browser.localStorage.getItem("orders")).toBeNull();
  });

  it("reads anything unreadable as no drafts", () => {
    browser.localStorage.setItem("orders", "{not json");
    expect(readBriefDrafts()).toEqual({});
    browser.localStorage.setItem("orders", "[1,2]");
    expect(readBriefDrafts()).toEqual({});
  });
});
