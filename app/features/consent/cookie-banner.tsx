import { useTranslation } from "react-i18next";
import { setConsent, useConsent } from "./consent-store";

/** Asks once; accept or reject is remembered under `accepted-cookies`. */
export function CookieBanner() {
  const { t } = useTranslation("common");
  if (useConsent() !== "unknown") return null;
  return (
    <section
      aria-label={t("consent.label")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      data-testid="cookie-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">{t("consent.text")}</p>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="secondary-button" onClick={() => setConsent(false)}>
            {t("consent.reject")}
          </button>
          <button type="button" className="primary-button" onClick={() => setConsent(true)}>
            {t("consent.accept")}
          </button>
        </div>
      </div>
    </section>
  );
}
