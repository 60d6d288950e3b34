import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../common/locales";
import { translate } from "./messages";

type Catalogue = { [key: string]: string | Catalogue };
const root = import.meta.dirname;

function keysOf(node: Catalogue, prefix = ""): string[] {
  return Object.entries(node).flatMap(([name, value]) =>
    typeof value === "string" ? [`${prefix}${name}`] : keysOf(value, `${prefix}${name}.`),
  );
}

function fileKeys(locale: string, file: string): Map<string, string> {
  const catalogue = JSON.parse(fs.readFileSync(path.join(root, locale, file), "utf8")) as Catalogue;
  const flat = new Map<string, string>();
  for (const key of keysOf(catalogue)) {
    flat.set(key, key.split(".").reduce<string | Catalogue>((node, part) => (node as Catalogue)[part]!, catalogue) as string);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/**
 * Every message key the server's code names as a literal ("orders.balanceShort", "detail.404"…). Repositories and
 * db/ are left out, and so is a column in a query expression elsewhere: their "orders.id" is a column.
 */
function keysNamedInCode(namespaces: string[]): Set<string> {
  const pattern = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*)["'\`]`, "g");
  const files = fs.globSync("server/**/*.{ts,tsx}", { cwd: path.join(root, "../..") }).filter((file) => !file.endsWith(".test.ts") && !file.endsWith(".repository.ts") && !file.startsWith("server/db/"));
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(path.join(root, "../..", file), "utf8").matchAll(pattern)) {
      // A column in a query expression outside a repository (order-access.ts: `eb("orders.status", …)`) is no key.
      if (/\b(?:eb|where|ref|whereRef)\($/.test(match.input.slice(Math.max(0, match.index - 12), match.index))) continue;
      // Nor is the column a join matches on (`innerJoin("orders", "orders.id", …)`).
      if (/Join\("\w+", $/.test(match.input.slice(Math.max(0, match.index - 30), match.index))) continue;
      keys.add(match[1]!);
    }
  }
  return keys;
}

describe("server message catalogues", () => {
  const files = fs.readdirSync(path.join(root, "en")).filter((name) => name.endsWith(".json")).sort();

  it("have the same files, keys and placeholders in English and Spanish", () => {
    expect(fs.readdirSync(path.join(root, "es")).filter((name) => name.endsWith(".json")).sort()).toEqual(files);
    for (const file of files) {
      const en = fileKeys("en", file);
      const es = fileKeys("es", file);
      expect([...es.keys()].sort(), `es/${file}`).toEqual([...en.keys()].sort());
      for (const [key, text] of en) expect(placeholders(es.get(key)!), `${file}: ${key}`).toEqual(placeholders(text));
      for (const [key, text] of es) expect(text.trim(), `es/${file}: ${key} is empty`).not.toBe("");
    }
  });

  it("hold every key the server's code names, in both languages", () => {
    const namespaces = [...new Set(files.flatMap((file) => [...fileKeys("en", file).keys()].map((key) => key.split(".")[0]!)))];
    const named = keysNamedInCode(namespaces);
    expect(named.size).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      const missing = [...named].filter((key) => {
        try {
          translate(locale, key);
          return false;
        } catch {
          return true;
        }
      });
      expect(missing, locale).toEqual([]);
    }
  });

  it("refuse a key that is in no catalogue instead of showing it", () => {
    expect(() => translate("es", "orders.noSuchMessage")).toThrow('No "orders.noSuchMessage" in server/i18n/es');
  });
});
