import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemap and robots", () => {
  it("lists every public page in both languages with hreflang alternates", () => {
    const xml = sitemapXml("https://shop.example");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(2 * 18);
    expect(locs).toContain("https://shop.example/");
    expect(locs).toContain("https://shop.example/es");
    expect(locs).toContain("https://shop.example/es/bundles/premium-content-authority-suite");
    expect(locs).toContain("https://shop.example/terms-of-service");
    expect(xml).toContain('hreflang="x-default" href="https://shop.example/services/seo-layer"');
    expect(locs.some((loc) => loc!.includes("/cart") || loc!.includes("/auth/"))).toBe(false);
  });

  it("points crawlers at the sitemap and away from private pages", () => {
    const robots = robotsTxt("https://shop.example");
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Disallow: /es/profile/");
    // A requester's private ticket page is never crawled.
    expect(robots).toContain("Disallow: /es/support/tickets/");
  });
});
