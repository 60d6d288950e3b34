import type { Resource } from "i18next";
import type { Locale } from "../../common/locales";

/**
 * Message catalogues: every JSON file in app/locales/<locale>/ is one namespace, and the validation messages the
 * server shares (common/validation/<locale>.json) are the `validation` namespace.
 * The server bundles all of them; the browser loads only its page's language.
 */
const lazy = {
  ...import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json"),
  ...import.meta.glob<{ default: Record<string, unknown> }>("../../common/validation/*.json"),
};

function parse(file: string): { locale: string; ns: string } {
  const shared = /validation\/([^/]+)\.json$/.exec(file);
  if (shared) return { locale: shared[1] ?? "", ns: "validation" };
  const [, locale = "", name = ""] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  return { locale, ns: name };
}

export const NAMESPACES: string[] = [...new Set(Object.keys(lazy).map((file) => parse(file).ns))];

export async function loadResources(locales: readonly Locale[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    Object.entries(lazy).map(async ([file, load]) => {
      const { locale, ns } = parse(file);
      if (!(locales as readonly string[]).includes(locale)) return;
      try {
        const module = await load();
        (resources[locale] ??= {})[ns] = module.default;
      } catch (error) {
        // A catalogue that fails to load is logged, never an error page; keys show until the next load.
        console.error(`Could not load messages ${locale}/${ns}`, error);
      }
    }),
  );
  return resources;
}
