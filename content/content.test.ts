import { describe, expect, it } from "vitest";
import { BUNDLE_IDS, SERVICE_IDS, type ServiceId } from "../contract/catalog";
import { CURRENCIES, type Currency } from "../contract/currency";
import { BUNDLES, SERVICES } from "./catalog";
import { BUNDLE_CONTENT, INFO_PAGES, SERVICE_CONTENT } from "./index";

/** One English value next to its Spanish counterpart, found by walking both trees in step. */
interface TextPair {
  path: string;
  en: string;
  es: string;
}

/** Walks every `{en, es}` pair under `value`, failing when the two languages differ in shape. */
function textPairs(value: unknown, path = ""): TextPair[] {
  if (typeof value !== "object" || value === null) return [];
  if ("en" in value && "es" in value) return zip(value.en, value.es, path);
  return Object.entries(value).flatMap(([key, child]) => textPairs(child, `${path}.${key}`));
}

function zip(en: unknown, es: unknown, path: string): TextPair[] {
  if (typeof en === "string") {
    expect(typeof es, `${path}: Spanish is a string too`).toBe("string");
    return [{ path, en, es: es as string }];
  }
  if (Array.isArray(en)) {
    expect(Array.isArray(es) && es.length, `${path}: same number of items in both languages`).toBe(en.length);
    return en.flatMap((item, index) => zip(item, (es as unknown[])[index], `${path}[${index}]`));
  }
  const enObject = en as Record<string, unknown>;
  const esObject = es as Record<string, unknown>;
  expect(Object.keys(esObject).sort(), `${path}: same fields in both languages`).toEqual(Object.keys(enObject).sort());
  return Object.keys(enObject).flatMap((key) => zip(enObject[key], esObject[key], `${path}.${key}`));
}

function allPairs(): TextPair[] {
  return textPairs({ services: SERVICE_CONTENT, bundles: BUNDLE_CONTENT, pages: INFO_PAGES });
}

function sentences(text: string): number {
  return text.split(/(?<=[.!?])\s+/).filter((part) => part.trim() !== "").length;
}

/** Savings as the copy used to quote them: symbol first and whole units (`€151`), in English style in both languages. */
function quotedAmount(minor: number, currency: Currency): string {
  const symbol = { EUR: "€", USD: "$", GBP: "£" }[currency];
  expect(minor % 100, "bundle savings are whole units").toBe(0);
  return `${symbol}${minor / 100}`;
}

function servicePrice(id: ServiceId, currency: Currency): number {
  return SERVICES.find((service) => service.id === id)!.prices[currency];
}

describe("store copy", () => {
  it("has content for every service and bundle, under its own id", () => {
    expect(Object.keys(SERVICE_CONTENT).sort()).toEqual([...SERVICE_IDS].sort());
    expect(Object.keys(BUNDLE_CONTENT).sort()).toEqual([...BUNDLE_IDS].sort());
    for (const [id, content] of [...Object.entries(SERVICE_CONTENT), ...Object.entries(BUNDLE_CONTENT)]) {
      expect(content.id).toBe(id);
    }
    expect(Object.keys(INFO_PAGES).sort()).toEqual(["about-us", "privacy-policy", "terms-of-service"]);
  });

  it("has the same lists, FAQ entries and sections in both languages, and walks all of them", () => {
    const pairs = allPairs();
    const paths = pairs.map((pair) => pair.path);
    expect(paths).toContain(".services.article-forge.faq[0].answer");
    expect(paths).toContain(".bundles.launch-essentials-kit.highlights[0]");
    expect(paths).toContain(".pages.terms-of-service.sections[0].paragraphs[0]");
    expect(pairs.length).toBeGreaterThan(250);
  });

  it("fills every text in both languages, with no placeholder", () => {
    for (const { path, en, es } of allPairs()) {
      expect(en.trim(), `${path} (en)`).not.toBe("");
      expect(es.trim(), `${path} (es)`).not.toBe("");
      expect(`${en} ${es}`, path).not.toMatch(/lorem|ipsum/i);
      expect(`${en} ${es}`, path).not.toMatch(/\bTODO\b|\bTBD\b|XXX|\[[^\]]*\]/);
    }
  });

  it("writes Spanish of its own: only brand names may read the same in both languages", () => {
    for (const { path, en, es } of allPairs()) {
      // Product names are brand names, the same in both languages (docs/spanish-glossary.md); a paragraph that is one
      // shared text (the balance policy) is filled in each language from that text.
      if (/^\.(services|bundles)\.[a-z-]+\.name$/.test(path) || /^\{\{[\w.-]+\}\}$/.test(en)) continue;
      expect(es, path).not.toBe(en);
    }
  });

  it("gives every service the shape its page needs", () => {
    for (const service of Object.values(SERVICE_CONTENT)) {
      for (const locale of ["en", "es"] as const) {
        const where = `${service.id} (${locale})`;
        expect(sentences(service.summary[locale]), `${where} summary sentences`).toBeGreaterThanOrEqual(2);
        expect(sentences(service.summary[locale]), `${where} summary sentences`).toBeLessThanOrEqual(3);
        expect(service.forWhom[locale].length, `${where} forWhom`).toBeGreaterThanOrEqual(3);
        expect(service.forWhom[locale].length, `${where} forWhom`).toBeLessThanOrEqual(5);
        expect(service.deliverables[locale].length, `${where} deliverables`).toBeGreaterThanOrEqual(4);
        expect(service.deliverables[locale].length, `${where} deliverables`).toBeLessThanOrEqual(6);
        expect(service.faq[locale].length, `${where} faq`).toBeGreaterThanOrEqual(4);
        expect(service.faq[locale].length, `${where} faq`).toBeLessThanOrEqual(5);
      }
    }
  });

  it("names in each bundle's highlights every service it contains", () => {
    for (const bundle of BUNDLES) {
      const { highlights } = BUNDLE_CONTENT[bundle.id];
      expect(highlights.en.length, bundle.id).toBeGreaterThanOrEqual(3);
      expect(highlights.en.length, bundle.id).toBeLessThanOrEqual(5);
      for (const locale of ["en", "es"] as const) {
        for (const serviceId of bundle.services) {
          const name = SERVICE_CONTENT[serviceId].name[locale];
          expect(highlights[locale].join("\n"), `${bundle.id} (${locale}) names ${name}`).toContain(name);
        }
      }
    }
  });

  it("quotes each bundle's saving as the catalog prices compute it, never as a figure of the copy", () => {
    for (const bundle of BUNDLES) {
      for (const currency of CURRENCIES) {
        const apart = bundle.services.reduce((sum, id) => sum + servicePrice(id, currency), 0);
        const saving = apart - bundle.prices[currency];
        expect(saving, `${bundle.id} is cheaper than its services in ${currency}`).toBeGreaterThan(0);
        for (const locale of ["en", "es"] as const) {
          // The page works the figure out from the prices, in the visitor's currency and the page's language
          // (app/routes/promises.test.ts): the copy names it and quotes none of its own.
          const copy = BUNDLE_CONTENT[bundle.id].highlights[locale].join("\n");
          expect(copy, `${bundle.id} (${locale}) ${currency}`).toContain("{{saving}}");
          expect(copy, `${bundle.id} (${locale}) ${currency}`).not.toContain(quotedAmount(saving, currency));
        }
      }
    }
  });

  it("keeps meta descriptions of information pages within 160 characters", () => {
    for (const [id, page] of Object.entries(INFO_PAGES)) {
      expect(page.description.en.length, `${id} (en)`).toBeLessThanOrEqual(160);
      expect(page.description.es.length, `${id} (es)`).toBeLessThanOrEqual(160);
    }
  });

  it("identifies the company and how to reach it in the legal pages, in both languages", () => {
    for (const id of ["privacy-policy", "terms-of-service"] as const) {
      for (const locale of ["en", "es"] as const) {
        const text = INFO_PAGES[id].sections[locale].flatMap((section) => section.paragraphs).join("\n");
        expect(text, `${id} (${locale})`).toContain("Scriptorium Studio S.L.");
        expect(text, `${id} (${locale})`).toMatch(/[Cc]alle de Alcalá 123, 28009 Madrid/);
        expect(text, `${id} (${locale})`).toContain("support@scriptorium.example");
      }
    }
    const privacy = INFO_PAGES["privacy-policy"].sections;
    expect(privacy.en.flatMap((s) => s.paragraphs).join("\n")).toContain("Agencia Española de Protección de Datos");
    expect(privacy.es.flatMap((s) => s.paragraphs).join("\n")).toContain("Agencia Española de Protección de Datos");
  });
});
