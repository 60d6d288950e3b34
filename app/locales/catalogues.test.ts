import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;

/** Every leaf key of a catalogue as a dotted path (array items by index). */
function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function catalogue(locale: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(root, locale, file), "utf8"));
}

const files = (locale: string) => fs.readdirSync(path.join(root, locale)).filter((name) => name.endsWith(".json")).sort();

describe("message catalogues", () => {
  it("have the same namespaces in English and Spanish", () => {
    expect(files("es")).toEqual(files("en"));
  });

  it.each(files("en"))("%s has the same keys in English and Spanish, none empty", (file) => {
    const en = catalogue("en", file);
    const es = catalogue("es", file);
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const empty = (value: unknown): boolean => (typeof value === "string" ? value.trim() === "" : typeof value === "object" && value !== null && Object.values(value).some(empty));
    expect(empty(en) || empty(es)).toBe(false);
  });

  // `t("missing.key")` fails the typecheck only for namespaces declared to i18next (app/i18n/i18next.d.ts).
  it("are each declared to i18next's types, so a missing key fails `npm run typecheck`", () => {
    const declared = fs.readFileSync(path.join(root, "..", "i18n", "i18next.d.ts"), "utf8");
    const undeclared = files("en").filter((file) => !declared.includes(`from "../locales/en/${file}"`));
    expect(undeclared).toEqual([]);
  });
});
