import { byNamespace } from "./by-namespace";

/** The shop's catalogues in Spanish, one file for the browser (app/i18n/resources.ts). */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>(
    ["../../locales/es/*.json", "!../../locales/es/admin*.json", "../../../common/validation/es.json"],
    { eager: true, import: "default" },
  ),
);
