import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n/instance";
import { localeFromPath } from "../common/locales";
import { registerClientI18n } from "./i18n/client-i18n";
import { loadResources } from "./i18n/resources";
import { isBackOffice } from "./features/layout/is-back-office";
import { startSessionSharing } from "./lib/auth/tab-session";

async function hydrate() {
  // Before anything asks who is signed in: a new tab gets the session's sign-in from the tabs already open.
  startSessionSharing();
  const locale = localeFromPath(window.location.pathname);
  // The shop's catalogues; the back office's only on its own pages (later ones load them on the way in).
  const backOffice = isBackOffice(window.location.pathname);
  const i18n = createI18n(locale, await loadResources([locale], backOffice ? undefined : "shop"));
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
