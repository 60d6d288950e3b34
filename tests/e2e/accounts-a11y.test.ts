import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { h1, open, seriousViolations, visitor, watchErrors } from "./storefront-support";
import { useStore } from "./support/store";

const store = useStore();

let anonymous: BrowserContext;
let signedIn: BrowserContext;

const PASSWORD = "a quiet river at dawn";

/** A customer signed in through the API, tokens placed in storage as the sign-in screen would. */
async function signedInVisitor(): Promise<BrowserContext> {
  const email = `a11y.${Date.now()}@example.com`;
  const response = await fetch(`${store.server.url}/api/Accounts/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Ann", lastName: "Lee", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true }),
  });
  const pair = (await response.json()) as { accessToken: string; refreshToken: string };
  const context = await visitor(store.browser);
  await context.addInitScript((tokens) => {
    window.sessionStorage.setItem("jwtToken", tokens.accessToken);
    window.sessionStorage.setItem("refreshToken", tokens.refreshToken);
  }, pair);
  return context;
}

beforeAll(async () => {
  anonymous = await visitor(store.browser);
  signedIn = await signedInVisitor();
});

/** Opens the page, waits for its form (the guard has let it in), optionally submits it empty so every error shows. */
async function check(context: BrowserContext, url: string, field: string, submitEmpty: boolean): Promise<Page> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page, url);
  await page.locator(`[name="${field}"]`).waitFor();
  if (submitEmpty) {
    await page.locator('main button[type="submit"]').click();
    await page.getByRole("alert").first().waitFor();
  }
  await expect(h1(page)).resolves.not.toBe("");
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  return page;
}

describe("accessibility of the account screens: axe-core finds no serious or critical violation", () => {
  for (const prefix of ["", "/es"]) {
    const language = prefix ? "Spanish" : "English";

    it(`sign-in, sign-up, forgot and reset password with every error showing, in ${language}`, async () => {
      for (const [path, field] of [
        ["/auth/sign-in", "email"],
        ["/auth/sign-up", "firstName"],
        ["/auth/forgot-password", "email"],
        ["/auth/reset-password", "code"],
      ] as const) {
        const page = await check(anonymous, `${store.server.url}${prefix}${path}`, field, true);
        // Every invalid field says why, through aria-describedby.
        const invalid = page.locator('main [aria-invalid="true"]');
        expect(await invalid.count()).toBeGreaterThan(0);
        for (const described of await invalid.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-describedby")))) {
          expect(described).toBeTruthy();
        }
        await page.close();
      }
    });

    it(`not-logged-in and the profile pages, in ${language}`, async () => {
      const page = await anonymous.newPage();
      await open(page, `${store.server.url}${prefix}/not-logged-in?reason=${encodeURIComponent("You were logged out")}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
      await (await check(signedIn, `${store.server.url}${prefix}/profile/account-information`, "firstName", false)).close();
      await (await check(signedIn, `${store.server.url}${prefix}/profile/change-password`, "currentPassword", true)).close();
    });
  }
});
