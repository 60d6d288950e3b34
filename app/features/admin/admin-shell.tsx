import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { roleAtLeast } from "../../../contract/staff";
import { buttonClass } from "~/components/ui/submit-button";
import { useLocale } from "~/i18n/use-locale";
import { useViewerRole } from "~/lib/auth/staff-role";
import { ADMIN_NAV_ITEMS } from "./admin-nav-items";
import { NotificationBell } from "./notification-bell";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive
      ? "bg-slate-200 font-medium text-slate-900 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-white"}`;

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-16" data-testid="admin-access">
      <h1 className="mb-4 text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

/**
 * The frame of every /admin page. Tokens live in the browser, so the server renders a short "checking your access"
 * line; the client then shows, at once and never an endless skeleton: a sign-in link to a visitor, a plain "staff
 * only" note to a customer, and to staff the menu of the items their role may use with the page (`children`). The
 * global search box ("/" or Ctrl+K), the person's name and sign-out are in the back office's top bar (back-office-bar.tsx).
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const { to } = useLocale();
  const location = useLocation();
  const role = useViewerRole();

  if (role === "unknown") {
    return (
      <Notice title={t("title")}>
        <p role="status">{t("access.checking")}</p>
      </Notice>
    );
  }
  if (role === "anonymous") {
    const here = location.pathname + location.search;
    return (
      <Notice title={t("access.signInTitle")}>
        <p className="mb-6">{t("access.signInText")}</p>
        <Link to={`${to("/admin/sign-in")}?redirect=${encodeURIComponent(here)}`} className={buttonClass} data-testid="admin-sign-in">
          {t("access.signIn")}
        </Link>
      </Notice>
    );
  }
  if (role === "customer") {
    return (
      <Notice title={t("access.notAllowedTitle")}>
        <p className="mb-6">{t("access.notAllowedText")}</p>
        <Link to={to("/")} className={buttonClass}>
          {t("access.home")}
        </Link>
      </Notice>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-3 md:grid-cols-[10rem_1fr]" data-testid="admin-shell" data-role={role}>
      <div>
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {t("title")} · {t(`roles.${role}`)}
        </p>
        <NotificationBell />
        <nav aria-label={t("nav.label")}>
          <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
            {ADMIN_NAV_ITEMS.filter((item) => roleAtLeast(role, item.least)).map((item) => (
              <li key={item.path}>
                <NavLink to={to(item.path)} className={linkClass} end={item.path === "/admin"}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <main className="min-w-0">
        {children ?? (
          <>
            <h1 className="mb-4 text-3xl font-semibold tracking-tight">{t("title")}</h1>
            <p>{t("welcome")}</p>
          </>
        )}
      </main>
    </div>
  );
}
