import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import type { RootData } from "~/lib/root-data";
import { AccountLinks } from "./account-links";
import { CurrencySwitcher } from "./currency-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme";
import { useLocale } from "~/i18n/use-locale";

const NAV = [
  { key: "services", path: "/services" },
  { key: "bundles", path: "/services#bundles" },
  { key: "about", path: "/about-us" },
  { key: "contact", path: "/contact-us" },
] as const;

export function SiteHeader({ root }: { root: RootData | undefined }) {
  const { t } = useTranslation("common");
  const { locale, to } = useLocale();
  return (
    <header className="border-b border-slate-300 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to={to("/")} className="mr-auto text-xl font-bold tracking-tight" aria-label={t("nav.home")}>
          {t("brand")}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitcher locale={locale} />
          <CurrencySwitcher serverCurrency={root?.currency ?? "EUR"} />
          <ThemeToggle />
        </div>
        <AccountLinks />
        <nav aria-label={t("nav.label")} className="w-full">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {NAV.map((item) => (
              <li key={item.key}>
                {item.path.includes("#") ? (
                  // An anchor inside the services page: never marked as the current page.
                  <Link to={to(item.path)} className="header-link">
                    {t(`nav.${item.key}`)}
                  </Link>
                ) : (
                  <NavLink to={to(item.path)} end className="header-link">
                    {t(`nav.${item.key}`)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
