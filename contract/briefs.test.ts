import { describe, expect, it } from "vitest";
import { BRIEF_FORMS } from "./brief-forms";
import { SERVICE_IDS } from "./catalog";
import { briefSchema, orderBriefSchema } from "./briefs";

const article = { topic: "Pricing a freelance service", audience: "Freelancers", tone: "friendly", length: "1500", keywords: ["pricing"] };

function failedPaths(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join("."));
}

describe("brief forms", () => {
  it("defines a form for every service with labels in both languages and unique field names", () => {
    for (const id of SERVICE_IDS) {
      const form = BRIEF_FORMS[id];
      expect(form.productId).toBe(id);
      const names = form.fields.map((field) => field.name);
      expect(new Set(names).size).toBe(names.length);
      for (const field of form.fields) {
        expect(field.label.en.length).toBeGreaterThan(0);
        expect(field.label.es.length).toBeGreaterThan(0);
        if (field.type === "select") for (const option of field.options) expect(option.label.es.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("briefSchema", () => {
  const schema = briefSchema(BRIEF_FORMS["article-forge"]);

  it("accepts a complete brief and lets optional fields be left out or empty", () => {
    expect(schema.safeParse(article).success).toBe(true);
    expect(schema.safeParse({ ...article, keywords: undefined, notes: "" }).success).toBe(true);
  });

  it("names the fields that are missing, too short, off the list or unknown", () => {
    const result = schema.safeParse({ topic: "abc", tone: "angry", length: "1500", colour: "red" });
    expect(failedPaths(result).sort()).toEqual(["", "audience", "tone", "topic"]);
  });

  it("checks numbers against their limits and wholeness", () => {
    const deck = briefSchema(BRIEF_FORMS["investor-deck"]);
    const base = { company: "Acme", stage: "seed", raiseAmount: 250000, market: "Bakeries in Spain" };
    expect(deck.safeParse(base).success).toBe(true);
    expect(failedPaths(deck.safeParse({ ...base, raiseAmount: 100 }))).toEqual(["raiseAmount"]);
    expect(failedPaths(deck.safeParse({ ...base, raiseAmount: 250000.5 }))).toEqual(["raiseAmount"]);
    expect(failedPaths(deck.safeParse({ ...base, website: "ftp://acme.test" }))).toEqual(["website"]);
  });
});

describe("orderBriefSchema", () => {
  it("asks a bundle for the brief of each service it contains, keyed by service id", () => {
    const schema = orderBriefSchema("growth-and-visibility-pack", ["seo-layer", "article-forge"]);
    const seo = { website: "https://acme.test", keywords: ["bakery madrid"], market: "local" };
    expect(schema.safeParse({ "seo-layer": seo, "article-forge": article }).success).toBe(true);
    const result = schema.safeParse({ "seo-layer": { ...seo, keywords: [] }, "article-forge": article });
    expect(failedPaths(result)).toEqual(["seo-layer.keywords"]);
    expect(failedPaths(schema.safeParse({ "seo-layer": seo }))).toEqual(["article-forge"]);
  });
});
