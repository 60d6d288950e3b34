import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "~/i18n/use-locale";

const LINKS = [
  { key: "about", path: "/about-us" },
  { key: "contact", path: "/contact-us" },
  { key: "privacy", path: "/privacy-policy" },
  { key: "terms", path: "/terms-of-service" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation("common");
  const { to } = useLocale();
  return (
    <footer className="mt-16 border-t border-slate-300 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.key}>
                <Link to={to(link.path)} className="header-link">
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-slate-600 dark:text-slate-400">{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  );
}
