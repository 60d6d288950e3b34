import { describe, expect, it } from "vitest";
import { servicesInBundles } from "./duplicates";

describe("services a bundle in the cart already holds", () => {
  it("names each service line whose service a bundle in the cart contains", () => {
    const found = servicesInBundles([
      { id: "a", productId: "article-forge" },
      { id: "b", productId: "seo-layer" },
      { id: "c", productId: "growth-and-visibility-pack" },
      { id: "d", productId: "investor-deck" },
    ]);
    expect([...found]).toEqual([
      ["a", "growth-and-visibility-pack"],
      ["b", "growth-and-visibility-pack"],
    ]);
  });

  it("finds nothing without a bundle, or when the bundle holds other services", () => {
    expect(servicesInBundles([{ id: "a", productId: "article-forge" }, { id: "b", productId: "article-forge" }]).size).toBe(0);
    expect(servicesInBundles([{ id: "a", productId: "article-forge" }, { id: "b", productId: "investor-and-strategy-suite" }]).size).toBe(0);
  });
});
