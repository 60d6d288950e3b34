/** The back office's catalogues in Spanish (`admin*`), by file, loaded only there (app/i18n/resources.ts). */
export default import.meta.glob<Record<string, unknown>>("../../locales/es/admin*.json", {
  eager: true,
  import: "default",
});
