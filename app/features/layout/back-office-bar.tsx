import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Profile } from "../../../contract/accounts";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { useViewerRole } from "~/lib/auth/staff-role";
import { useSignOut } from "~/lib/auth/use-sign-out";

export { isBackOffice } from "./is-back-office";

/**
 * The back office's slim top bar (issue 26, point 6), in place of the shop's header: the name of the place, the
 * language, and for staff the global search (`search`), their name and sign-out. No cart, currency switcher or
 * services menu.
 */
export function BackOfficeBar({ search }: { search?: ReactNode }) {
  const { t } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  const { locale, to } = useLocale();
  const role = useViewerRole();
  const staff = role === "writer" || role === "manager" || role === "admin";
  const profile = useApiData<Profile>(staff ? "/api/Accounts/profile" : null);
  const signOut = useSignOut();
  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}`.trim() : "";
  return (
    <header className="border-b border-slate-300 bg-slate-50 dark:border-slate-800 dark:bg-slate-900" data-testid="back-office-bar">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        <Link to={to("/admin")} className="mr-auto font-bold tracking-tight">
          {tCommon("brand")} · {t("title")}
        </Link>
        {staff && search ? <div className="w-full sm:w-80">{search}</div> : null}
        <LanguageSwitcher locale={locale} />
        <ThemeToggle />
        {staff ? (
          <>
            <span className="text-sm" data-testid="staff-name">
              {name ? t("bar.signedInAs", { name, role: t(`roles.${role}`) }) : t(`roles.${role}`)}
            </span>
            <button type="button" onClick={() => void signOut()} className="rounded-md px-2 py-1 text-sm underline-offset-2 hover:underline">
              {t("nav.signOut")}
            </button>
          </>
        ) : null}
      </div>
    </header>
  );
}
