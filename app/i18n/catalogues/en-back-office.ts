/** The back office's catalogues in English (`admin*`), by file, loaded only there (app/i18n/resources.ts). */
export default import.meta.glob<Record<string, unknown>>("../../locales/en/admin*.json", {
  eager: true,
  import: "default",
});
