import fs from "node:fs";
import path from "node:path";

import type { Locale } from "../../common/locales";
import validationEn from "../../common/validation/en.json";
import validationEs from "../../common/validation/es.json";

export type { Locale };

type Catalogue = { [key: string]: string | Catalogue };
/**
 * Every JSON file in server/i18n/<locale>/ is merged into that locale's catalogue; each module keeps its
 * messages in its own file under its own top-level key (core.json holds title and detail).
 */
function loadCatalogue(locale: Locale): Catalogue {
  const folder = path.join(import.meta.dirname, locale);
  // Validation messages are shared with every form: one catalogue in common/validation (imported, so the compiled
  // server carries it), read here as `validation.*`.
  const merged: Catalogue = { validation: locale === "es" ? validationEs : validationEn };
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".json")).sort()) {
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as Catalogue);
  }
  return merged;
}

const catalogues: Record<Locale, Catalogue> = { en: loadCatalogue("en"), es: loadCatalogue("es") };

/** A message to be translated when the response is written: a dotted key into server/i18n/<locale>.json and its values. */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Under test a key missing from a catalogue throws, so the test that meets it fails instead of showing the key. */
const failOnMissingKey = Boolean(process.env.VITEST);

export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const found = lookup(catalogues[locale], key);
  if (found === undefined && failOnMissingKey) throw new Error(`No "${key}" in server/i18n/${locale}`);
  const template = found ?? lookup(catalogues.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
