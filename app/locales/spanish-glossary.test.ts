import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRIEF_FORMS } from "../../contract/brief-forms";
import { BUNDLE_CONTENT, INFO_PAGES, SERVICE_CONTENT } from "../../content/index";

/**
 * The Spanish glossary (docs/spanish-glossary.md) as rules: a term it bans fails here when it comes back into any
 * Spanish text a customer reads: the app's catalogues, the server's (mail, PDF documents, errors), the copy of the
 * services, bundles and pages, and the brief forms.
 */
const repo = path.resolve(import.meta.dirname, "../..");

/** Every string under `value`; `esOnly` keeps only the `es` side of `{ en, es }` pairs. */
function strings(value: unknown, esOnly: boolean): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item, esOnly));
  if (typeof value !== "object" || value === null) return [];
  if (esOnly && "en" in value && "es" in value) return strings((value as { es: unknown }).es, false);
  return Object.values(value).flatMap((item) => strings(item, esOnly));
}

function catalogues(dir: string): Array<{ where: string; text: string }> {
  return fs
    .readdirSync(path.join(repo, dir))
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => strings(JSON.parse(fs.readFileSync(path.join(repo, dir, name), "utf8")), false).map((text) => ({ where: `${dir}/${name}`, text })));
}

const spanish = [
  ...catalogues("app/locales/es"),
  ...catalogues("server/i18n/es"),
  ...strings([SERVICE_CONTENT, BUNDLE_CONTENT, INFO_PAGES], true).map((text) => ({ where: "content", text })),
  ...strings(BRIEF_FORMS, true).map((text) => ({ where: "contract/brief-forms", text })),
];

/** Where the cart's things are counted: an item there is an "elemento", never an "artículo" (that is Article Forge's word). */
const CART_TEXTS = /app\/locales\/es\/(cart|cart-help|money|common)\.json$/;

const BANNED: Array<{ rule: string; pattern: RegExp; only?: RegExp }> = [
  { rule: "briefing, never brief/briefs", pattern: /\bbriefs?\b/i },
  { rule: "recarga / recargar saldo, never depósito", pattern: /\bdepósitos?\b/i },
  { rule: "recargar saldo, never añadir fondos", pattern: /\bañad(ir|e|es) fondos\b/i },
  { rule: "neutral tags hint, never Sepáralas", pattern: /\bsepáral[ao]s\b/i },
  { rule: "a whole sentence per actor, never a pronoun in brackets", pattern: /\((ti|tú|usted)\)/i },
  { rule: "condiciones del servicio, never términos del servicio", pattern: /\btérminos (del|de|y) (servicio|condiciones)\b/i },
  { rule: "servicio (of an order), never entregable", pattern: /\bentregables?\b/i },
  { rule: "factura rectificativa, never nota de crédito", pattern: /\bnotas? de crédito\b/i },
  { rule: "an amount in es-ES style (151 €), never €151 or $166", pattern: /[€$£]\s?\d/ },
  { rule: "4-digit numbers without a separator (2500), as Intl es-ES and the RAE write them", pattern: /(?<![\d.,])\d\.\d{3}(?![\d.,])/ },
  { rule: "cart items are elementos", pattern: /\bart[íi]culos?\b/i, only: CART_TEXTS },
  {
    rule: "product names are the brand names, the same in both languages",
    pattern: /Kit Esencial|Pack Crecimiento|Suite Inversores|Suite Premium de Autoridad|Pack Web Completa/i,
  },
];

describe("the Spanish glossary (docs/spanish-glossary.md)", () => {
  it("has Spanish texts to check from every source", () => {
    for (const where of ["app/locales/es/cart.json", "server/i18n/es/documents.json", "content", "contract/brief-forms"]) {
      expect(spanish.some((entry) => entry.where === where)).toBe(true);
    }
  });

  it.each(BANNED)("$rule", ({ pattern, only }) => {
    const offending = spanish.filter((entry) => (!only || only.test(entry.where)) && pattern.test(entry.text)).map((entry) => `${entry.where}: ${entry.text}`);
    expect(offending).toEqual([]);
  });
});
