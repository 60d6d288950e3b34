import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n/instance";
import type { Locale } from "../common/locales";
import { loadResources } from "./i18n/resources";
import { ErrorBoundary } from "./root";
import type { Route } from "./+types/root";

const resources = await loadResources(["en", "es"]);

/** The text the root error boundary shows for `error` at `path`. */
function errorPage(error: unknown, path: string, locale: Locale): string {
  const props = { error, params: {}, loaderData: undefined } as unknown as Route.ErrorBoundaryProps;
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={createI18n(locale, resources)}>
        <ErrorBoundary {...props} />
      </I18nextProvider>
    </MemoryRouter>,
  );
  return html.replace(/<title>.*?<\/title>/, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

const notFound = { status: 404, statusText: "Not Found", internal: false, data: null };

describe("the error pages", () => {
  it("say `Page Not Found` followed by the path", () => {
    expect(errorPage(notFound, "/missing/page", "en")).toMatch(/Page Not Found There is no page at this address: \/missing\/page/);
    expect(errorPage(notFound, "/es/falta", "es")).toMatch(/Página no encontrada No hay ninguna página en esta dirección: \/es\/falta/);
  });

  it("say `Internal Server Error` with a status and a description for anything else, without the error's details", () => {
    const original = console.error;
    console.error = () => {};
    try {
      const text = errorPage(new Error("database exploded"), "/services", "en");
      expect(text).toContain("Error 500");
      expect(text).toContain("Internal Server Error Something went wrong on our side. Please try again in a moment.");
      expect(text).not.toContain("database exploded");
      expect(errorPage(new Error("x"), "/es/services", "es")).toContain("Error interno del servidor");
    } finally {
      console.error = original;
    }
  });
});
