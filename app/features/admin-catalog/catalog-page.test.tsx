import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogProductSchema } from "../../../contract/admin-catalog";
import type { Locale } from "../../../common/locales";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";
import { ProductForm } from "./catalog-page";

const resources = await loadResources(["en", "es"]);

const seoLayer = catalogProductSchema.parse({
  id: "seo-layer",
  kind: "service",
  active: true,
  turnaroundDays: 5,
  revisionRounds: 2,
  revisionDays: 4,
  prices: { EUR: 240, USD: 265, GBP: 210 },
  options: [],
});

function render(locale: Locale): string {
  return renderToString(
    <MemoryRouter initialEntries={[locale === "es" ? "/es/admin/catalog" : "/admin/catalog"]}>
      <I18nextProvider i18n={createI18n(locale, resources)}>
        <ProductForm product={seoLayer} onSaved={() => undefined} />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe("a product's form in the back-office catalog", () => {
  it.each([
    ["en", "Revision turnaround (business days)"],
    ["es", "Plazo de cada revisión (días laborables)"],
  ] as const)("offers the revision turnaround with its current value (%s)", (locale, label) => {
    const html = render(locale);
    expect(html).toContain(label);
    expect(html).toMatch(/name="revisionDays"[^>]*value="4"|value="4"[^>]*name="revisionDays"/);
  });
});
