// Issue 27: a storefront page downloads only the storefront. Every JavaScript file the browser fetches on a shop page
// until the network is idle is checked against the back office's files (route modules, messages and top bar are
// built as `admin*` and `back-office*` chunks); and the back office still reads in its language when a visitor
// comes to it from the shop without a full page load (its messages load on the way in).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";
import { open, visitor, watchErrors } from "./storefront-support";

const store = useStore();

const BACK_OFFICE_FILE = /\/assets\/(admin|back-office)[^/]*\.js$/;
const SHOP_PAGES = ["/", "/services/investor-deck", "/es/bundles/launch-essentials-kit", "/cart"];

function adminMessages(locale: "en" | "es"): { signIn: { title: string } } {
  const file = path.resolve(import.meta.dirname, `../../app/locales/${locale}/admin.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as { signIn: { title: string } };
}

describe("the storefront's JavaScript", () => {
  it.each(SHOP_PAGES)("%s fetches no back-office file until the network is idle", async (url) => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });
    await open(page, store.server.url + url);
    await context.close();
    expect(scripts.length, "the page fetched its scripts").toBeGreaterThan(0);
    expect(scripts.filter((file) => BACK_OFFICE_FILE.test(file))).toEqual([]);
  });

  it.each(["en", "es"] as const)("a client navigation from the shop to the staff sign-in shows its %s messages", async (locale) => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, store.server.url + (locale === "es" ? "/es" : "/"));
    await page.evaluate(
      (to) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(to),
      locale === "es" ? "/es/admin/sign-in" : "/admin/sign-in",
    );
    await page.getByRole("form", { name: adminMessages(locale).signIn.title }).waitFor();
    await page.getByTestId("back-office-bar").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
