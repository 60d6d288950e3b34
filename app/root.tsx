import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useBuildCheck } from "./features/build-check/use-build-check";
import { useFailedRouteReload } from "./features/build-check/use-failed-route-reload";
import { CookieBanner } from "./features/consent/cookie-banner";
import { isBackOffice } from "./features/layout/is-back-office";
import { CurrencyChange } from "./features/layout/currency-change";
import { currencyFromRequest } from "./lib/currency/request-currency";
import { localeRedirect } from "../common/locale-redirect";
import { ProgressBar } from "./features/layout/progress-bar";
import { markReaderTimeZoneKnown } from "./lib/format-date";
import type { RootData } from "./lib/root-data";
import { SiteFooter } from "./features/layout/site-footer";
import { SiteHeader } from "./features/layout/site-header";
import { Stylesheet } from "./features/layout/stylesheet";
import { ThemeScript } from "./features/layout/theme";
import { useLocale } from "./i18n/use-locale";
import { localeFromPath } from "../common/locales";
import { useNonce } from "./nonce";
import { pageContext } from "./page-context";
import type { Route } from "./+types/root";

/** The back office's top bar: its own module, so storefront pages never download it (issue 27). */
const BackOfficeChrome = lazy(() => import("./back-office-chrome"));

export async function loader({ request, url, context, params }: Route.LoaderArgs): Promise<RootData> {
  const page = context.get(pageContext);
  // Pages take an optional language segment (app/routes.ts): `es` is the only one; `/fr/about-us` is no page.
  if ("lang" in params && params.lang !== undefined && params.lang !== "es") throw data(null, { status: 404 });
  const target = localeRedirect(url, request.headers);
  if (target) throw redirect(target, 302);
  return {
    locale: localeFromPath(url.pathname),
    currency: currencyFromRequest(request),
    publicUrl: page.publicUrl,
    buildPollSeconds: page.buildPollSeconds,
    depositLimits: page.depositLimits,
    vatRateBasisPoints: page.vatRateBasisPoints,
  };
}

/** The default layout of every page, error pages included: header, content, footer, consent banner. */
export function Layout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("common");
  const { locale } = useLocale();
  const root = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  // The back office has its own slim bar instead of the shop's header, footer and currency notice.
  const backOffice = isBackOffice(useLocation().pathname);
  useBuildCheck(root?.buildPollSeconds ?? 0);
  useFailedRouteReload();
  // Hydrated: dates rendered from now on are in the reader's time zone (server and hydration render them in UTC).
  useEffect(markReaderTimeZoneKnown, []);
  return (
    // The theme script may drop `dark` before hydration; that difference is intended.
    <html lang={locale} className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript nonce={nonce} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Stylesheet />
        {/* Route links (none carry a stylesheet now); an empty nonce keeps server and client markup equal. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a href="#content" className="skip-link">
          {t("skipToContent")}
        </a>
        {/* First after the skip link in the tab order, though shown at the bottom: asked before anything else. */}
        <CookieBanner />
        <ProgressBar />
        {backOffice ? (
          <Suspense fallback={null}>
            <BackOfficeChrome />
          </Suspense>
        ) : (
          <>
            <SiteHeader root={root} />
            <CurrencyChange />
          </>
        )}
        <div id="content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </div>
        {backOffice ? null : <SiteFooter />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** 404 (`Page Not Found` and the path) and every other failure (`Internal Server Error`), in the layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const { to } = useLocale();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // Another 4xx is the request's own fault (a method or body a page does not take), not ours.
  const badRequest = !notFound && status >= 400 && status < 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const title = notFound ? t("errors.notFoundTitle") : badRequest ? t("errors.requestTitle") : t("errors.serverErrorTitle");
  return (
    <main className="mx-auto max-w-3xl px-4 py-16" data-testid={notFound ? "not-found" : badRequest ? "bad-request" : "server-error"}>
      <title>{`${title} — ${t("brand")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">{t("errors.status", { status })}</p>
      <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {notFound ? (
          <>
            {t("errors.notFoundText")} <code className="break-all font-mono">{pathname}</code>
          </>
        ) : badRequest ? (
          t("errors.requestText")
        ) : (
          t("errors.serverErrorText")
        )}
      </p>
      <a href={to("/")} className="primary-button mt-8">
        {t("errors.backHome")}
      </a>
    </main>
  );
}
