import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { NOT_LOGGED_IN_REASON } from "~/lib/api/client";
import { tokens } from "~/lib/api/tokens";
import { AuthCard } from "~/features/auth/auth-card";
import { buttonClass } from "~/components/ui/submit-button";
import { useLocale } from "~/i18n/use-locale";
import { ACCOUNT_CLOSED_REASON } from "~/lib/auth/account-closed";

/** Where a failed token refresh lands: says why (only the known reason is shown; any other text is not echoed). */
export default function NotLoggedInPage() {
  const { t } = useTranslation("auth");
  const { t: tError } = useTranslation("errors");
  const { t: tPaper } = useTranslation("paperwork");
  const { to } = useLocale();
  const [search] = useSearchParams();
  const known = search.get("reason") === NOT_LOGGED_IN_REASON;
  const { state } = useLocation();
  // Only the closing form itself (navigation state, never a link) makes this page forget the tokens.
  const justClosed = Boolean((state as Record<string, unknown> | null)?.[ACCOUNT_CLOSED_REASON]);
  useEffect(() => {
    if (justClosed) tokens.clear();
  }, [justClosed]);
  if (search.get("reason") === ACCOUNT_CLOSED_REASON) {
    return (
      <AuthCard title={tPaper("closed.title")}>
        <p className="text-lg" data-testid="not-logged-in-reason">
          {tPaper("closed.text")}
        </p>
        <Link to={to("/")} className={`${buttonClass} mt-6`}>
          {tPaper("closed.home")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("notLoggedIn.title")}>
      <p className="text-lg" data-testid="not-logged-in-reason">
        {known ? tError("loggedOut") : t("notLoggedIn.generic")}
      </p>
      <p className="mt-2 text-slate-300">{t("notLoggedIn.text")}</p>
      <Link to={to("/auth/sign-in")} className={`${buttonClass} mt-6`}>
        {t("notLoggedIn.signIn")}
      </Link>
    </AuthCard>
  );
}
