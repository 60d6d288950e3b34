import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "./redirect";
import { useSession } from "./session";
import { useLocale } from "~/i18n/use-locale";
import { NoScriptNote } from "~/components/ui/no-script-note";

/** The neutral shell shown until the client knows who is there: no flash of the wrong state. */
export function GuardSkeleton() {
  const { t } = useTranslation("auth");
  return (
    <div role="status" aria-busy="true" aria-label={t("checkingSession")} data-testid="guard-skeleton" className="mx-auto w-full max-w-md animate-pulse space-y-4 py-8">
      <div className="h-8 w-2/3 rounded bg-slate-800" />
      <div className="h-10 rounded bg-slate-800" />
      <div className="h-10 rounded bg-slate-800" />
      <div className="h-10 w-1/3 rounded bg-slate-800" />
    </div>
  );
}

/**
 * What a guarded page shows until the browser knows who is there, rendered on the server too: a plain line, and for a
 * browser without JavaScript (which will never know) why, with a link to sign in. Never a skeleton that stays forever.
 */
export function GuardPending() {
  const { t } = useTranslation("forms");
  const { to } = useLocale();
  return (
    <div role="status" data-testid="guard-pending" className="mx-auto w-full max-w-md space-y-3 py-8 text-slate-700 dark:text-slate-300">
      {/* Only while a script can answer: without JavaScript the note below says why nothing comes. */}
      <p className="needs-js">{t("noScript.checking")}</p>
      <NoScriptNote text={t("noScript.account")} href={to("/auth/sign-in")} linkText={t("noScript.signInLink")} />
    </div>
  );
}

/**
 * Guard `auth` (CONTRACT §1): an anonymous visitor goes to sign-in in the page's language with `?redirect=` set to
 * this page, and comes back after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { to } = useLocale();
  useEffect(() => {
    if (status !== "anonymous") return;
    const here = location.pathname + location.search;
    void navigate(`${to("/auth/sign-in")}?redirect=${encodeURIComponent(here)}`, { replace: true });
  }, [status, navigate, location.pathname, location.search, to]);
  if (status === "signedIn") return children;
  return status === "unknown" ? <GuardPending /> : <GuardSkeleton />;
}

/**
 * Guard `homepage` (CONTRACT §1): a signed-in visitor goes to `?redirect=` when it is a path on this site, else home.
 * Until the browser knows, the form is shown (server rendering included): almost every visitor of these pages is
 * signed out, and a form posted before the script runs reaches the page's action (docs/decisions/0028-…).
 */
export function RequireAnonymous({ children }: { children: ReactNode }) {
  const status = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { to } = useLocale();
  const target = safeRedirect(search.get("redirect"), to("/"));
  useEffect(() => {
    if (status === "signedIn") void navigate(target, { replace: true });
  }, [status, navigate, target]);
  return status === "signedIn" ? <GuardSkeleton /> : children;
}
