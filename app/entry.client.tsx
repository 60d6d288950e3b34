import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createBrowserI18n } from "./i18n/browser/browser-i18n";
import { I18nextProvider } from "./i18n/browser/react-i18next";
import { localeFromPath } from "../common/locales";
import { askedParts, markLoaded, registerClientI18n } from "./i18n/client-i18n";
import { loadResources, PARTS_ALL } from "./i18n/resources";
import { isBackOffice } from "./features/layout/is-back-office";
import { startSessionSharing } from "./lib/auth/tab-session";

async function hydrate() {
  // Before anything asks who is signed in: a new tab gets the session's sign-in from the tabs already open.
  startSessionSharing();
  const locale = localeFromPath(window.location.pathname);
  // The shop's catalogues, and the parts the page's modules asked for (they ran before this module: React Router's
  // script imports the route modules, then this entry); every part on the back office's pages. Later pages load
  // theirs on the way in (app/i18n/client-i18n.ts).
  const parts = isBackOffice(window.location.pathname) ? PARTS_ALL : ["shop" as const, ...askedParts()];
  const i18n = createBrowserI18n(locale, await loadResources([locale], parts));
  markLoaded(parts);
  registerClientI18n(i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
