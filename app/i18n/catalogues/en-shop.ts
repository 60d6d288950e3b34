/**
 * The shop's catalogues in English, one file for the browser, by file (app/i18n/resources.ts names them by namespace):
 * every namespace but the back office's and the account's (ACCOUNT_NAMESPACES there).
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../locales/en/*.json",
    "!../../locales/en/admin*.json",
    "!../../locales/en/{auth,balance,checkout,orders,paperwork,profile,support-ticket}.json",
    "../../../common/validation/en.json",
  ],
  { eager: true, import: "default" },
);
