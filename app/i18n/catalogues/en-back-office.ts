import { byNamespace } from "./by-namespace";

/** The back office's catalogues in English (`admin*`), loaded only there (app/i18n/resources.ts). */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>("../../locales/en/admin*.json", { eager: true, import: "default" }),
);
