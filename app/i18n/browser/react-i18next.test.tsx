// The browser's <Trans> and hook (app/i18n/browser/react-i18next.tsx) render what react-i18next renders on the
// server for the same message, so hydration finds the same markup.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as packageI18n from "react-i18next";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/locales";
import { createI18n } from "../instance";
import { loadResources } from "../resources";
import { createBrowserI18n } from "./browser-i18n";
import * as browserI18n from "./react-i18next";

const shop = await loadResources(["en", "es"]);
const samples = {
  plain: "Read the <terms>terms</terms> &amp; the <privacy>policy</privacy>.",
  nested: "<terms>a <privacy>b</privacy> c</terms>",
  selfClosing: "one<br/>two<terms/>",
  unknown: "keep <b>this</b> text",
  values: "{{name}} agrees to <terms>{{what}}</terms>",
};
const resources = { en: { ...shop.en, sample: samples }, es: { ...shop.es, sample: samples } };

const components = {
  terms: <a href="/terms">x</a>,
  privacy: (
    <a href="/privacy" className="underline">
      p
    </a>
  ),
  policy: (
    <a href="/policy" target="_blank" rel="noreferrer">
      p
    </a>
  ),
};

type Library = typeof packageI18n | typeof browserI18n;

function rendered(
  library: Library,
  i18n: unknown,
  ns: string,
  i18nKey: string,
  values?: Record<string, unknown>,
): string {
  const { I18nextProvider, Trans, useTranslation } = library as typeof browserI18n;
  function Message(): ReactElement {
    const { t } = useTranslation(ns);
    return <Trans t={t} i18nKey={i18nKey} components={components} values={values} />;
  }
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n as Parameters<typeof I18nextProvider>[0]["i18n"]}>
      <Message />
    </I18nextProvider>,
  );
}

describe("the browser's <Trans>", () => {
  const cases: Array<[Locale, string, string, Record<string, unknown>?]> = [
    ["en", "checkout", "billing.agree"],
    ["es", "checkout", "billing.agree"],
    ["en", "auth", "signUp.agree"],
    ["es", "auth", "signUp.agree"],
    ...Object.keys(samples).map((key): [Locale, string, string, Record<string, unknown>] => [
      "en",
      "sample",
      key,
      { name: "Ana", what: "all" },
    ]),
  ];

  it.each(cases)("renders %s %s:%s as react-i18next does", (locale, ns, key, values) => {
    const expected = rendered(packageI18n, createI18n(locale, resources), ns, key, values);
    expect(rendered(browserI18n, createBrowserI18n(locale, resources), ns, key, values)).toBe(expected);
    expect(expected, "the message was found and its tags read").toMatch(/<a |&lt;b&gt;/);
  });

  it.each(["en", "es"] as const)("reads a list of namespaces from its first, as react-i18next does (%s)", (locale) => {
    const read = (library: Library, i18n: unknown) => {
      const { I18nextProvider, useTranslation } = library as typeof browserI18n;
      function Label(): ReactElement {
        return <>{useTranslation(["admin", "admin-orders"]).t("search.label")}</>;
      }
      const provider = i18n as Parameters<typeof I18nextProvider>[0]["i18n"];
      return renderToStaticMarkup(<I18nextProvider i18n={provider}><Label /></I18nextProvider>);
    };
    const expected = read(packageI18n, createI18n(locale, resources));
    expect(expected).not.toBe("search.label");
    expect(read(browserI18n, createBrowserI18n(locale, resources))).toBe(expected);
  });

  it("gives the same t for a namespace on every render (effects may depend on it)", () => {
    const i18n = createBrowserI18n("en", resources);
    expect(i18n.getFixedT(null, "cart")).toBe(i18n.getFixedT(null, "cart"));
    expect(i18n.getFixedT(null, "cart")).not.toBe(i18n.getFixedT(null, "common"));
  });
});
