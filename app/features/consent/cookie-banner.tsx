import { useTranslation } from "react-i18next";
import { setConsent, useConsent } from "./consent-store";

/**
 * Asks once; accept or reject is remembered under `accepted-cookies`. Compact (one short line and two small buttons,
 * side by side from `sm` up) so it never hides much of a phone screen, and first in the tab order after the skip link
 * (root.tsx) so a keyboard user answers it before anything else.
 */
export function CookieBanner() {
  const { t } = useTranslation("common");
  if (useConsent() !== "unknown") return null;
  return (
    <section
      aria-label={t("consent.label")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white px-4 py-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      data-testid="cookie-banner"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <p className="flex-1 text-xs leading-snug sm:text-sm">{t("consent.text")}</p>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="secondary-button px-3 py-1 text-sm" onClick={() => setConsent(false)}>
            {t("consent.reject")}
          </button>
          <button type="button" className="primary-button px-3 py-1 text-sm" onClick={() => setConsent(true)}>
            {t("consent.accept")}
          </button>
        </div>
      </div>
    </section>
  );
}
