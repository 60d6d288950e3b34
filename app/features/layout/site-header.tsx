import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import type { RootData } from "~/lib/root-data";
import { AccountLinks } from "./account-links";
import { CurrencySwitcher } from "./currency-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme";
import { useLocale } from "~/i18n/use-locale";
import { useDismiss } from "~/lib/use-dismiss";

const NAV = [
  { key: "services", path: "/services" },
  { key: "bundles", path: "/services#bundles" },
  { key: "about", path: "/about-us" },
  { key: "contact", path: "/contact-us" },
] as const;

/**
 * Below the `md` breakpoint the header is one row (brand, cart, sign-in, menu button); the button is a disclosure
 * (`aria-expanded`, `aria-controls`) for the navigation, language, currency and theme. Escape, a click outside or
 * another page closes it; Escape returns the focus to the button. From `md` up everything is shown in the header.
 */
export function SiteHeader({ root }: { root: RootData | undefined }) {
  const { t } = useTranslation("common");
  const { t: tHeader } = useTranslation("header");
  const { locale, to } = useLocale();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname, hash } = useLocation();

  // Following a link of the menu (or any other) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setOpen(false), [pathname, hash]);

  useDismiss(open, setOpen, button, panel);

  return (
    <header className="border-b border-slate-300 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90" data-testid="site-header">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 md:gap-x-4">
        <Link to={to("/")} className="mr-auto text-xl font-bold tracking-tight" aria-label={t("nav.home")}>
          {t("brand")}
        </Link>
        <div className="md:order-last">
          <AccountLinks />
        </div>
        <button
          ref={button}
          type="button"
          className="icon-button md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={tHeader("menu")}
          data-testid="menu-button"
          onClick={() => setOpen((was) => !was)}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
        <div
          ref={panel}
          id={menuId}
          data-testid="site-menu"
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-3 border-t border-slate-300 pt-3 dark:border-slate-800 md:contents`}
        >
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitcher locale={locale} />
            <CurrencySwitcher serverCurrency={root?.currency ?? "EUR"} />
            <ThemeToggle />
          </div>
          <nav aria-label={t("nav.label")} className="md:order-last md:w-full">
            <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap md:gap-x-4 md:gap-y-1">
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
      </div>
    </header>
  );
}
