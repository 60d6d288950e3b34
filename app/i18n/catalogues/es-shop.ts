/**
 * The shop's catalogues in Spanish, one file for the browser, by file (app/i18n/resources.ts names them by namespace):
 * every namespace but the back office's and the account's (ACCOUNT_NAMESPACES there).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../locales/es/*.json",
    "!../../locales/es/admin*.json",
    "!../../locales/es/{auth,balance,checkout,orders,paperwork,profile,support-ticket}.json",
    "../../../common/validation/es.json",
  ],
  { eager: true, import: "default" },
);
