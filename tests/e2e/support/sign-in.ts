import type { Page } from "playwright-core";
import { open } from "../storefront-support";

export type Locale = "en" | "es";

/** A storefront path in `locale`: the root for English, under /es for Spanish. */
export const at = (locale: Locale, path: string) => (locale === "es" ? `/es${path}` : path);

/** The sign-in form's labels and the billing agreement, as each language reads them. */
export const FORM_WORDS = {
  en: { email: /^Email/, password: /^Password/, signIn: /^Sign in$/, agree: /^I agree to the/ },
  es: { email: /^Correo/, password: /^Contraseña/, signIn: /^(Iniciar sesión|Entrar)$/, agree: /^Acepto las/ },
} as const;

/** Signs in through the sign-in page (no "Remember me") and waits to land on `target`, a path in `locale`. */
export async function signInThroughThePage(page: Page, base: string, locale: Locale, account: { email: string; password: string }, target: string): Promise<void> {
  await open(page, `${base}${at(locale, "/auth/sign-in")}?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(FORM_WORDS[locale].email).fill(account.email);
  await page.getByLabel(FORM_WORDS[locale].password).fill(account.password);
  await page.getByRole("button", { name: FORM_WORDS[locale].signIn }).click();
  await page.waitForURL((url) => url.pathname === target);
}
