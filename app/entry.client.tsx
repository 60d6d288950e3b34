import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n/instance";
import { localeFromPath } from "../common/locales";
import { loadResources } from "./i18n/resources";
import { startSessionSharing } from "./lib/auth/tab-session";

async function hydrate() {
  // Before anything asks who is signed in: a new tab gets the session's sign-in from the tabs already open.
  startSessionSharing();
  const locale = localeFromPath(window.location.pathname);
  const i18n = createI18n(locale, await loadResources([locale]));
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
