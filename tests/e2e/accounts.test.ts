import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";

const store = useStore();

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `ann.${Date.now()}.${counter}@example.com`;
}

const PASSWORD = "a quiet river at dawn";
const NEW_PASSWORD = "seven lanterns over the bay";

/** Registers through the API (the browser journey covers the sign-up screen itself). */
async function registerByApi(email: string, password = PASSWORD): Promise<void> {
  const response = await fetch(`${store.server.url}/api/Accounts/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Ann",
      lastName: "Lee",
      email,
      country: "ES",
      password,
      repeatedPassword: password,
      agreedToPrivacyPolicy: true,
    }),
  });
  expect(response.status).toBe(200);
}

/** The newest 6-digit code mailed to `email`: read from the mail outbox in the server's SQLite file. */
async function mailedCode(email: string): Promise<string> {
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"), { readonly: true });
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const rows = db
        .prepare("SELECT text_body FROM mail_messages WHERE to_address = ? ORDER BY created_at DESC")
        .all(email) as { text_body: string }[];
      const code = rows.map((row) => /\b(\d{10})\b/.exec(row.text_body)?.[1]).find(Boolean);
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  throw new Error(`no code mailed to ${email}`);
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
}

async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem("jwtToken"),
    session: sessionStorage.getItem("jwtToken"),
    localRefresh: localStorage.getItem("refreshToken"),
    sessionRefresh: sessionStorage.getItem("refreshToken"),
  }));
}

async function signIn(page: Page, email: string, password: string, rememberMe: boolean): Promise<void> {
  await page.goto(`${store.server.url}/auth/sign-in`);
  await fill(page, { email, password });
  if (rememberMe) await page.locator('[name="rememberMe"]').check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${store.server.url}/`);
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${store.server.url}/profile/account-information`);
  await page.locator('[name="firstName"]').waitFor();
  await page.getByRole("navigation", { name: "Your account" }).getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${store.server.url}/`);
  await expect.poll(() => storedTokens(page)).toEqual({ local: null, session: null, localRefresh: null, sessionRefresh: null });
}

/** Sign up: client-side checks first, at their fields; then the account is made and its tokens kept for the session. */
async function signUpAfterTheClientChecks(page: Page, email: string): Promise<void> {
  await page.goto(`${store.server.url}/auth/sign-up`);
  await fill(page, { firstName: "Ann", lastName: "Lee", email, password: PASSWORD, repeatedPassword: "something else" });
  await page.getByRole("button", { name: "Create account" }).click();
  const repeat = page.locator('[name="repeatedPassword"]');
  await expect.poll(() => repeat.getAttribute("aria-invalid")).toBe("true");
  const repeatErrorId = (await repeat.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${repeatErrorId}"]`).textContent()).resolves.toBe("The passwords do not match.");
  // A human headline, not "Validation failed" (CONTRACT §7: only where no better headline exists).
  await expect(page.getByTestId("error-headline").textContent()).resolves.toMatch(/^\d+ fields need your attention$/);
  await expect(page.locator('[name="agreedToPrivacyPolicy"]').getAttribute("aria-invalid")).resolves.toBe("true");
  // The error summary has the focus; its first link leads to the first invalid field (the country, not chosen yet).
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("error-summary");
  await page.getByTestId("error-summary").getByRole("link").first().click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("country");

  await fill(page, { repeatedPassword: PASSWORD });
  await page.locator('[name="country"]').selectOption("ES");
  await page.locator('[name="agreedToPrivacyPolicy"]').check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${store.server.url}/`);
  const afterSignUp = await storedTokens(page);
  expect(afterSignUp.session).toBeTruthy();
  expect(afterSignUp.local).toBeNull();
}

/** Edit the profile; it is prefilled and stays changed after a reload. */
async function editTheProfile(page: Page, email: string): Promise<void> {
  await page.goto(`${store.server.url}/profile/account-information`);
  await expect.poll(() => page.locator('[name="firstName"]').inputValue()).toBe("Ann");
  await expect(page.getByTestId("profile-email").inputValue()).resolves.toBe(email);
  await expect(page.locator('[name="country"]').inputValue()).resolves.toBe("ES");
  await fill(page, { firstName: "Anna", city: "Madrid", company: "Lee & Co" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByText("Your profile has been saved.").waitFor();
  await page.reload();
  await expect.poll(() => page.locator('[name="city"]').inputValue()).toBe("Madrid");
  await expect(page.locator('[name="firstName"]').inputValue()).resolves.toBe("Anna");
  await expect(page.locator('[name="company"]').inputValue()).resolves.toBe("Lee & Co");
}

/** Forgot password → the code from the mail → reset; the old password no longer works. */
async function resetThePassword(page: Page, email: string): Promise<void> {
  await page.goto(`${store.server.url}/auth/forgot-password`);
  await fill(page, { email });
  await page.getByRole("button", { name: "Send the code" }).click();
  await page.getByText("Check your email").waitFor();
  await page.getByRole("link", { name: "Enter the code" }).click();
  await page.waitForURL(/\/auth\/reset-password\?email=/);
  await expect.poll(() => page.locator('[name="email"]').inputValue()).toBe(email);
  await fill(page, { code: await mailedCode(email), password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD });
  await page.getByRole("button", { name: "Set the new password" }).click();
  await page.getByText("Your password has been changed").waitFor();

  // The old password no longer works: the server's own message says so, alone.
  await page.goto(`${store.server.url}/auth/sign-in`);
  await fill(page, { email, password: PASSWORD });
  await page.getByRole("button", { name: "Sign in" }).click();
  const alert = page.getByRole("alert");
  await alert.waitFor();
  await expect(page.getByTestId("error-headline").textContent()).resolves.toBe("The email or password is incorrect.");
  await expect(alert.textContent()).resolves.not.toContain("A server side error occurred.");
}

describe("account journey", () => {
  it("signs up, edits the profile, signs out, signs in with and without remember me, resets the password", async () => {
    const page = await store.browser.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // Hydration mismatches and other React errors are logged; refused API calls (400) are expected here.
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) pageErrors.push(message.text());
    });
    const email = uniqueEmail();

    await signUpAfterTheClientChecks(page, email);

    // A signed-in visitor on a `homepage` page goes home.
    await page.goto(`${store.server.url}/auth/sign-in`);
    await page.waitForURL(`${store.server.url}/`);

    await editTheProfile(page, email);

    await signOut(page);

    // Without remember me the tokens live in sessionStorage, with it in localStorage.
    await signIn(page, email, PASSWORD, false);
    const session = await storedTokens(page);
    expect(session.session).toBeTruthy();
    expect(session.sessionRefresh).toBeTruthy();
    expect(session.local).toBeNull();
    await signOut(page);

    await signIn(page, email, PASSWORD, true);
    const remembered = await storedTokens(page);
    expect(remembered.local).toBeTruthy();
    expect(remembered.localRefresh).toBeTruthy();
    expect(remembered.session).toBeNull();
    await signOut(page);

    await resetThePassword(page, email);

    await signIn(page, email, NEW_PASSWORD, false);
    expect((await storedTokens(page)).session).toBeTruthy();
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("shows the loading flag while signing in", async () => {
    const email = uniqueEmail();
    await registerByApi(email);
    const page = await store.browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/Accounts/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${store.server.url}/auth/sign-in`);
    await fill(page, { email, password: PASSWORD });
    const button = page.getByRole("button", { name: "Sign in" });
    await button.click();
    await expect.poll(() => button.getAttribute("aria-busy")).toBe("true");
    await expect(button.isDisabled()).resolves.toBe(true);
    release();
    await page.waitForURL(`${store.server.url}/`);
    await page.close();
  });
});

describe("account journey: redirects, languages and lost sessions", () => {
  it("sends a signed-out visitor of a guarded page to sign-in and back to that page, in Spanish", async () => {
    const email = uniqueEmail();
    await registerByApi(email);
    const page = await store.browser.newPage();
    await page.goto(`${store.server.url}/es/profile/change-password`);
    await page.waitForURL(`${store.server.url}/es/auth/sign-in?redirect=${encodeURIComponent("/es/profile/change-password")}`);
    await fill(page, { email, password: PASSWORD });
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${store.server.url}/es/profile/change-password`);
    await page.locator('[name="currentPassword"]').waitFor();
    await expect(page.locator("h1").textContent()).resolves.toBe("Cambiar contraseña");
    await expect(page.title()).resolves.toBe("Cambiar contraseña — Scriptorium");
    await page.close();
  });

  it("signs up in Spanish: country names in Spanish, the server's field error shown at its field", async () => {
    const email = uniqueEmail();
    await registerByApi(email);
    const page = await store.browser.newPage();
    await page.goto(`${store.server.url}/es/auth/sign-up`);
    const country = page.locator('[name="country"]');
    await expect.poll(() => country.locator('option[value="ES"]').textContent()).toBe("España");
    await expect(page.getByRole("main").getByRole("link", { name: "política de privacidad" }).getAttribute("href")).resolves.toBe("/es/privacy-policy");
    await fill(page, { firstName: "Ana", lastName: "Lee", email, password: PASSWORD, repeatedPassword: PASSWORD });
    await country.selectOption("ES");
    await page.locator('[name="agreedToPrivacyPolicy"]').check();
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    const emailField = page.locator('[name="email"]');
    await expect.poll(() => emailField.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await emailField.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${errorId}"]`).textContent()).resolves.toMatch(/\S/);
    // A human headline in Spanish, not "La validación ha fallado".
    await expect(page.getByTestId("error-headline").textContent()).resolves.toBe("1 campo necesita tu atención");
    expect(await storedTokens(page)).toMatchObject({ local: null, session: null });
    await page.close();
  });

  it("ignores a redirect to another site after signing in", async () => {
    const email = uniqueEmail();
    await registerByApi(email);
    const page = await store.browser.newPage();
    await page.goto(`${store.server.url}/auth/sign-in?redirect=${encodeURIComponent("//evil.example/")}`);
    await fill(page, { email, password: PASSWORD });
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${store.server.url}/`);
    await page.close();
  });

  it("lands on /not-logged-in with the reason when the tokens cannot be refreshed", async () => {
    const page = await store.browser.newPage();
    await page.goto(`${store.server.url}/not-logged-in`);
    await page.evaluate(() => {
      localStorage.setItem("rememberMe", "true");
      localStorage.setItem("jwtToken", "corrupt.token.value");
      localStorage.setItem("refreshToken", "corrupt-refresh-token");
    });
    await page.goto(`${store.server.url}/profile/account-information`);
    await page.waitForURL(`${store.server.url}/not-logged-in?reason=You%20were%20logged%20out`);
    await expect(page.getByTestId("not-logged-in-reason").textContent()).resolves.toBe("You were logged out");
    await expect(storedTokens(page)).resolves.toEqual({ local: null, session: null, localRefresh: null, sessionRefresh: null });
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(`${store.server.url}/auth/sign-in`);
    await page.close();
  });
});
