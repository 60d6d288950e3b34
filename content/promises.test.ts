import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRIEF_FORMS } from "../contract/brief-forms";
import { SERVICES } from "./catalog";
import { BUNDLE_CONTENT, INFO_PAGES, SERVICE_CONTENT } from "./index";
import { fillPromises, formatsText, promiseValues, revisionsText, turnaroundText, wordsText } from "./promises";

const noTerms = { terms: {}, reviewDays: 7 };

/** Every string of the copy of all services, bundles and pages, and the app's home and catalog messages. */
function allCopy(): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  walk([SERVICE_CONTENT, BUNDLE_CONTENT, INFO_PAGES]);
  for (const locale of ["en", "es"]) {
    for (const ns of ["home", "catalog"]) walk(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "app", "locales", locale, `${ns}.json`), "utf8")));
  }
  return strings;
}

describe("promises from the catalog data", () => {
  it("words them in both languages", () => {
    expect(turnaroundText(3, "en")).toBe("3 business days");
    expect(turnaroundText(1, "es")).toBe("1 día laborable");
    expect(revisionsText(2, "es")).toBe("2 rondas de revisión");
    expect(revisionsText(1, "en")).toBe("1 revision round");
    expect(wordsText({ min: 800, max: 2500 }, "en")).toBe("800–2,500 words");
    expect(wordsText({ min: 800, max: 2500 }, "es")).toBe("800 a 2500 palabras".replace("2500", new Intl.NumberFormat("es-ES").format(2500)));
    expect(wordsText({ max: 3000 }, "en")).toBe("up to 3,000 words");
    expect(formatsText(["docx", "pdf"], "en")).toBe("DOCX and PDF");
    expect(formatsText(["docx", "pdf"], "es")).toBe("DOCX y PDF");
  });

  it("promises an Article Forge length that covers every length its brief offers at the same price", () => {
    const article = SERVICES.find((service) => service.id === "article-forge")!;
    const length = BRIEF_FORMS["article-forge"].fields.find((field) => field.name === "length");
    expect(length?.type).toBe("select");
    const offered = length?.type === "select" ? length.options.map((option) => Number(option.value)) : [];
    expect(offered.length).toBeGreaterThan(0);
    expect(article.words?.min).toBe(Math.min(...offered));
    expect(article.words?.max).toBe(Math.max(...offered));
  });

  it("fills every placeholder of the copy, and the copy states no figure of its own for revisions or turnaround", () => {
    for (const locale of ["en", "es"] as const) {
      const values = { ...promiseValues(noTerms, locale), revisionList: "…", saving: "…", savingPercent: "…" };
      for (const [id, content] of Object.entries(SERVICE_CONTENT)) {
        expect(() => fillPromises(content, { ...values, ...promiseValues(noTerms, locale, id as keyof typeof SERVICE_CONTENT) })).not.toThrow();
      }
      expect(() => fillPromises([BUNDLE_CONTENT, INFO_PAGES], values)).not.toThrow();
    }
    const stated =
      /\b(one|two|three|\d+) (rounds? of revisions?|revision rounds?)|\b(una|dos|tres|\d+) rondas? de (revisión|cambios)|\d+ (business days?|días laborables)|\d+ days of (each )?delivery|\d+ días siguientes a (la|cada) entrega|revision[^.]*through the contact page|revisi[^.]*desde la página de contacto/i;
    const offending = allCopy().filter((text) => stated.test(text));
    expect(offending).toEqual([]);
  });

  it("throws on a placeholder no catalog data fills", () => {
    expect(() => fillPromises("{{nonsense}}", {})).toThrow(/nonsense/);
  });
});
