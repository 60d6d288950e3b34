/**
 * The account's catalogues in Spanish (ACCOUNT_NAMESPACES in app/i18n/resources.ts), by file, loaded by the pages that
 * import app/i18n/account-ready.ts.
 */
export default import.meta.glob<Record<string, unknown>>(
  "../../locales/es/{auth,balance,checkout,orders,paperwork,profile,support-ticket}.json",
  { eager: true, import: "default" },
);
