import { byNamespace } from "./by-namespace";

/** The shop's catalogues in English, one file for the browser (app/i18n/resources.ts). */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>(
    ["../../locales/en/*.json", "!../../locales/en/admin*.json", "../../../common/validation/en.json"],
    { eager: true, import: "default" },
  ),
);
