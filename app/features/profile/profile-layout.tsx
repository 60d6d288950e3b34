import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { RequireAuth } from "~/lib/auth/guards";
import { useLocale } from "~/i18n/use-locale";
import { useSignOut } from "~/lib/auth/use-sign-out";
import { PROFILE_NAV_ITEMS } from "./profile-nav-items";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive
      ? "bg-slate-200 font-medium text-slate-900 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-white"}`;

/**
 * The frame of every /profile/* page: the page heading and content, then the profile navigation (server-rendered: it
 * is the same for everyone) and a sign-out button. The content comes first in the page, so a phone shows the order
 * and its buttons before the six menu links; from `md` up the menu is the left column. The page's own content sits
 * behind the `auth` guard (CONTRACT §1): a skeleton until the client knows the visitor is signed in, sign-in for an
 * anonymous one.
 */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("profile");
  const { t: tCommon } = useTranslation("common");
  const { to } = useLocale();
  const signOut = useSignOut();

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-12 md:grid-cols-[14rem_1fr]">
      <title>{`${title} — ${tCommon("brand")}`}</title>
      <main className="min-w-0 md:col-start-2 md:row-start-1">
        <h1 className="mb-6 text-3xl font-semibold tracking-tight">{title}</h1>
        <RequireAuth>{children}</RequireAuth>
      </main>
      <nav aria-label={t("nav.label")} className="md:col-start-1 md:row-start-1">
        <ul className="space-y-1">
          {PROFILE_NAV_ITEMS.map((item) => (
            <li key={item.path}>
              <NavLink to={to(item.path)} className={linkClass} end>
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => void signOut()} className="mt-4 w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-white">
          {t("nav.signOut")}
        </button>
      </nav>
    </div>
  );
}
