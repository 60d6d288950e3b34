// Issue 27: a storefront page downloads only the storefront. Every JavaScript file the browser fetches on a shop page
// until the network is idle is checked against the back office's files (route modules, messages and top bar are
// built as `admin*` and `back-office*` chunks); and the back office still reads in its language when a visitor
// comes to it from the shop without a full page load (its messages load on the way in). And the home page keeps to
// the budget: at most 130 KB of JavaScript, each file gzipped (level 9, as scripts/bench/storefront-js.ts
// counts it), until the network is idle, measured on the run's production build (tests/e2e/support/global-setup.ts).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";
import { open, visitor, watchErrors } from "./storefront-support";

const store = useStore();

const BACK_OFFICE_FILE = /\/assets\/(admin|back-office)[^/]*\.js$/;
const SHOP_PAGES = ["/", "/services/investor-deck", "/es/bundles/launch-essentials-kit", "/cart"];
const HOME_BUDGET_KB = 130;

/** `signIn.title` of a catalogue: the back office's (`admin`) or the account's (`auth`). */
function messages(locale: "en" | "es", ns: "admin" | "auth" = "admin"): { signIn: { title: string } } {
  const file = path.resolve(import.meta.dirname, `../../app/locales/${locale}/${ns}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as { signIn: { title: string } };
}

/** Opens the shop's home page in `locale` and moves to `to` inside the app (no page load); the page's errors. */
async function navigateFromHome(locale: "en" | "es", to: string) {
  const context = await visitor(store.browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page, store.server.url + (locale === "es" ? "/es" : "/"));
  await page.evaluate(
    (path) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate(path),
    locale === "es" ? `/es${to}` : to,
  );
  return { context, page, errors };
}

/** Every JavaScript file a first visit to `url` fetched until the network was idle, with its size gzipped. */
async function scriptsOf(url: string): Promise<Array<{ file: string; gzipBytes: number }>> {
  const context = await visitor(store.browser);
  const page = await context.newPage();
  const scripts: Array<Promise<{ file: string; gzipBytes: number }>> = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith(".js")) return;
    scripts.push(response.body().then((body) => ({ file: pathname, gzipBytes: gzipSync(body, { level: 9 }).length })));
  });
  await open(page, url);
  const fetched = await Promise.all(scripts);
  await context.close();
  return fetched;
}

describe("the storefront's JavaScript", () => {
  it.each(SHOP_PAGES)("%s fetches no back-office file until the network is idle", async (url) => {
    const scripts = await scriptsOf(store.server.url + url);
    expect(scripts.length, "the page fetched its scripts").toBeGreaterThan(0);
    expect(scripts.map(({ file }) => file).filter((file) => BACK_OFFICE_FILE.test(file))).toEqual([]);
  });

  it.each(["en", "es"] as const)(
    "a client navigation from the shop to the staff sign-in shows its %s messages",
    async (locale) => {
      const { context, page, errors } = await navigateFromHome(locale, "/admin/sign-in");
      await page.getByRole("form", { name: messages(locale).signIn.title }).waitFor();
      await page.getByTestId("back-office-bar").waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(["en", "es"] as const)(
    "a client navigation from the shop to the customer's sign-in shows its %s messages",
    async (locale) => {
      const { context, page, errors } = await navigateFromHome(locale, "/auth/sign-in");
      await page.getByRole("form", { name: messages(locale, "auth").signIn.title }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe("the home page's JavaScript in the production build", () => {

  it.each(["/", "/es"])(
    `%s downloads at most ${HOME_BUDGET_KB} KB of it, gzipped, until the network is idle`,
    async (url) => {
      const scripts = await scriptsOf(store.server.url + url);
      const kb = scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) / 1024;
      const largest = scripts.toSorted((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
      const list = largest
        .map(({ file, gzipBytes }) => `${path.basename(file)} ${(gzipBytes / 1024).toFixed(1)} KB`)
        .join(", ");
      expect(kb, `${kb.toFixed(1)} KB in ${scripts.length} files, the largest ${list}`).toBeLessThanOrEqual(
        HOME_BUDGET_KB,
      );
    },
  );
});
