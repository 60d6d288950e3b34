// The browser's `t` (app/i18n/browser) against i18next's, which renders the same page on the server: any difference
// would be a different text after hydration. Every message of every catalogue in both languages, with the options the
// app passes (interpolated values, plural counts, context, defaultValue, returnObjects, `ns:key`).
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/locales";
import { createI18n } from "../instance";
import { loadResources } from "../resources";
import { createBrowserI18n } from "./browser-i18n";

const resources = await loadResources(["en", "es"]);
const LOCALES: Locale[] = ["en", "es"];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every message key of a namespace, plural forms as their base key (`items_one` → `items`), objects too. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix.replace(PLURAL, "")];
  const own = prefix ? [prefix] : [];
  return [...own, ...Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))];
}

/** A value for every `{{name}}` in the namespace's messages, and the counts whose plural forms differ. */
function optionSets(messages: unknown): Array<Record<string, unknown>> {
  const names = [...JSON.stringify(messages).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "");
  const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? `v-${name}` : index]));
  const counts = [0, 1, 2, 5, 21, 1_000_000, 1.5];
  return [
    {},
    values,
    ...counts.map((count) => ({ ...values, count })),
    { context: "x", count: 2 },
    { returnObjects: true },
  ];
}

describe("the browser's t", () => {
  it("knows only the interpolation the catalogues use: {{name}}, no formats or nesting", () => {
    const text = JSON.stringify(resources);
    expect(
      [...text.matchAll(/\{\{[^}]*\}\}/g)].map(([match]) => match).filter((match) => !/^\{\{\w+\}\}$/.test(match)),
    ).toEqual([]);
    expect(text).not.toContain("$t(");
  });

  it.each(LOCALES)("gives i18next's text for every message in %s", (locale) => {
    const i18next = createI18n(locale, resources);
    const browser = createBrowserI18n(locale, resources);
    let compared = 0;
    for (const [ns, messages] of Object.entries(resources[locale] ?? {})) {
      const expected = i18next.getFixedT(locale, ns as "common") as unknown as (
        key: string,
        options?: object,
      ) => unknown;
      const actual = browser.getFixedT(null, ns);
      for (const key of new Set([...keysOf(messages), "no.such.key", `${ns}:${keysOf(messages)[0]}`])) {
        for (const options of optionSets(messages)) {
          expect(actual(key, options), `${locale} ${ns}:${key} ${JSON.stringify(options)}`).toEqual(
            expected(key, options),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it("gives i18next's text for a key of another namespace, a default value and a missing value", () => {
    const i18next = createI18n("es", resources).getFixedT("es", "common") as TFunction<"common">;
    const browser = createBrowserI18n("es", resources).getFixedT(null, "common");
    const cases: Array<[string, Record<string, unknown>]> = [
      ["orders:status.paid", {}],
      ["orders:no.such", { defaultValue: "Hola {{name}}", name: "Ana" }],
      ["no.such", { defaultValue: "" }],
      ["no.such", { ns: "orders" }],
      ["Hello: world", {}],
      ["x {{missing}}", { missing: undefined }],
      ["x {{missing}}", {}],
    ];
    for (const [key, options] of cases) {
      expect(browser(key, options), key).toEqual(
        (i18next as unknown as (key: string, options: object) => unknown)(key, options),
      );
    }
  });
});
