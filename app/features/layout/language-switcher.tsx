import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LOCALES, pathInLocale, type Locale } from "../../../common/locales";
import { COOKIES, rememberInBrowser } from "../../../common/cookies";

function remember(locale: Locale): void {
  rememberInBrowser(COOKIES.locale, locale);
}

/** EN / ES: the same page in the other language (a full page load), remembering the choice in the `locale` cookie. */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { t } = useTranslation("common");
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t("language.label")}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((target) => (
          <li key={target}>
            <a
              href={pathInLocale(pathname, target) + search}
              hrefLang={target}
              lang={target}
              aria-current={target === locale ? "true" : undefined}
              onClick={() => remember(target)}
              className={`rounded px-2 py-1 text-sm font-semibold ${
                target === locale ? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white" : "text-slate-700 hover:underline dark:text-slate-300"
              }`}
              data-testid={`locale-${target}`}
            >
              {target.toUpperCase()}
              <span className="sr-only"> — {t(`language.${target}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
