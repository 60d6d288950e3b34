import { describe, expect, it } from "vitest";
import { localeRedirect } from "./locale-redirect";
import { localeFromAcceptLanguage, preferredLocale } from "./locales";

const request = (path: string, headers: Record<string, string> = {}) => localeRedirect(new URL(path, "https://shop.example"), new Headers(headers));

describe("locale detection (CONTRACT §2: cookie, then Accept-Language, then en)", () => {
  it("reads the preferred of our languages from Accept-Language", () => {
    expect(preferredLocale("es-ES,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLocale("en-US,en;q=0.9,es;q=0.8")).toBe("en");
    expect(preferredLocale("fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4")).toBe("es");
    expect(preferredLocale("de-DE")).toBeNull();
    expect(preferredLocale("es;q=0")).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });

  it("sends an English address to its Spanish twin for a Spanish browser without a cookie, keeping the query", () => {
    expect(request("/services/seo-layer?x=1", { "accept-language": "es-MX,es" })).toBe("/es/services/seo-layer?x=1");
    expect(request("/", { "accept-language": "es" })).toBe("/es");
    expect(request("/", { "accept-language": "en-GB" })).toBeNull();
    expect(request("/")).toBeNull();
  });

  it("lets the locale cookie decide before the browser's languages", () => {
    expect(request("/about-us", { cookie: "currency=GBP; locale=es" })).toBe("/es/about-us");
    expect(request("/about-us", { cookie: "locale=en", "accept-language": "es" })).toBeNull();
  });

  it("never redirects a Spanish address", () => {
    expect(request("/es/about-us", { cookie: "locale=en", "accept-language": "en" })).toBeNull();
  });
});

describe("one Accept-Language rule for pages and API answers", () => {
  it("breaks a q tie by the earlier entry and falls back to English for the API", () => {
    expect(preferredLocale("es;q=0.8,en;q=0.8")).toBe("es");
    expect(preferredLocale("en;q=0.8,es;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("es-AR, en;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });
});
