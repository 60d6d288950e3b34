import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { open, visitor, watchErrors } from "./storefront-support";
import { useStore } from "./support/store";

// Issue 25, point 1: one balance policy everywhere, and unused balance withdrawn to the payment it came from.
// The try-out store keeps mail in its outbox, shown at /dev/mailbox.
const store = useStore({ TRY_OUT: "true" });
const PASSWORD = "a quiet river at dawn";

const WORDS = {
  en: {
    prefix: "",
    policy: "Money on your balance that you have not spent is yours to take back at any time.",
    amount: /^Amount to withdraw \(EUR\)/,
    withdraw: "Withdraw",
    confirm: "Yes, withdraw €10.50",
    confirmTitle: "Withdraw €10.50?",
    toPayment: /to your top-up of .*: €10\.50/,
    done: "€10.50 is on its way back to your payment.",
    ledger: "Withdrawal to your payment",
    receipt: /^Download refund receipt RR-\d{4}-\d{6} of the withdrawal of €10\.50 on /,
    tooMuch: "You can withdraw at most €20.50.",
    subject: "€10.50 from your balance is on its way back to your payment",
    moneyLeft: "You still have €10.00 on your balance. Withdraw it to your payment before you close your account.",
    closeEverything: "Withdraw everything (€10.00)",
    faq: "Can I get unused balance back?",
  },
  es: {
    prefix: "/es",
    policy: "El saldo que no hayas gastado es tuyo y puedes recuperarlo cuando quieras.",
    amount: /^Importe a retirar \(EUR\)/,
    withdraw: "Retirar",
    confirm: "Sí, retirar 10,50\u00a0€",
    confirmTitle: "¿Retirar 10,50\u00a0€?",
    toPayment: /a tu recarga del .*: 10,50\u00a0€/,
    done: "10,50\u00a0€ ya va de vuelta a tu pago.",
    ledger: "Retirada a tu pago",
    receipt: /^Descargar el recibo de devolución RR-\d{4}-\d{6} de la retirada de 10,50\s€ del /,
    tooMuch: "Puedes retirar como máximo 20,50\u00a0€.",
    subject: "Te devolvemos 10,50\u00a0€ de tu saldo a tu pago",
    moneyLeft: "Aún tienes 10,00\u00a0€ en tu saldo. Retíralo a tu pago antes de cerrar la cuenta.",
    closeEverything: "Retirarlo todo (10,00\u00a0€)",
    faq: "¿Puedo recuperar el saldo que no he usado?",
  },
} as const;

type Locale = keyof typeof WORDS;

async function api<T>(path: string, body: unknown, token?: string, locale: Locale = "en"): Promise<T> {
  const response = await fetch(store.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** A customer who signs in through the sign-in page of `locale` and lands on `/profile/balance`. */
async function signedInCustomer(locale: Locale): Promise<{ page: Page; email: string; token: string; errors: string[] }> {
  const email = `withdraw-${randomUUID()}@example.com`;
  const { accessToken } = await api<{ accessToken: string }>("/api/Accounts/register", {
    firstName: "Ana", lastName: "García", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true,
  }, undefined, locale);
  const context = await visitor(store.browser);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  const target = `${WORDS[locale].prefix}/profile/balance`;
  await open(page, `${store.server.url}${WORDS[locale].prefix}/auth/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${store.server.url}${target}`);
  return { page, email, token: accessToken, errors };
}

/** Tops up `amount` euros on the balance page: the form, the sandbox checkout page, Pay, back on the balance. */
async function topUp(page: Page, amount: string, locale: Locale) {
  await expect.poll(() => page.locator("input[name=firstName]").inputValue()).toBe("Ana");
  await page.getByLabel(locale === "es" ? /^Importe \(EUR\)/ : /^Amount \(EUR\)/).fill(amount);
  await page.getByLabel(/^(City|Ciudad)/).fill("Valencia");
  await page.getByLabel(/^(Address|Dirección)/).fill("Calle de la Paz 7");
  await page.getByLabel(/^(Postal code|Código postal)/).fill("46003");
  await page.getByLabel(locale === "es" ? /^Acepto las/ : /^I agree to the/).check();
  await page.locator("form[aria-labelledby=deposit-heading] button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === `${WORDS[locale].prefix}/checkout/sandbox`);
  await page.getByTestId("sandbox-checkout").getByRole("button").first().click();
  await page.waitForURL((url) => url.pathname === `${WORDS[locale].prefix}/profile/balance` && url.searchParams.has("deposit"));
  await expect.poll(() => page.getByTestId("deposit-outcome").getAttribute("data-status")).toBe("paid");
}

async function lastMail(to: string): Promise<{ id: string; subject: string; text: string }> {
  const answer = await fetch(`${store.server.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const mails = (await answer.json()) as Array<{ id: string; subject: string; text: string }>;
  return mails[0]!;
}

describe.each(["en", "es"] as const)("withdrawing unused balance (%s)", (locale) => {
  const words = WORDS[locale];

  it("tops up, withdraws with a confirmation naming the amount and the payment, shows the ledger line and mails the receipt", async () => {
    const { page, email, errors } = await signedInCustomer(locale);
    await topUp(page, locale === "es" ? "20,5" : "20.5", locale);
    await expect.poll(() => page.getByTestId("balance-amount").textContent()).toContain(locale === "es" ? "20,50" : "20.50");
    expect(await page.getByTestId("balance-policy").textContent()).toContain(words.policy);

    const withdraw = page.getByTestId("withdraw-EUR");
    const amount = withdraw.getByLabel(words.amount);
    await amount.fill("30");
    await withdraw.getByRole("button", { name: words.withdraw, exact: true }).click();
    await expect.poll(() => amount.getAttribute("aria-invalid")).toBe("true");
    expect(await withdraw.textContent()).toContain(words.tooMuch);

    await amount.fill(locale === "es" ? "10,50" : "10.50");
    await withdraw.getByRole("button", { name: words.withdraw, exact: true }).click();
    const confirmation = page.getByTestId("withdraw-confirmation");
    expect(await confirmation.locator("legend").textContent()).toBe(words.confirmTitle);
    expect(await confirmation.textContent()).toMatch(words.toPayment);
    await confirmation.getByRole("button", { name: words.confirm }).click();
    await withdraw.getByText(words.done).waitFor();
    await expect.poll(() => page.getByTestId("balance-amount").textContent()).toContain(locale === "es" ? "10,00" : "10.00");
    await page.getByTestId("transactions").getByText(words.ledger).waitFor();
    // The withdrawal's row links its numbered refund receipt, like a top-up's row its receipt.
    await page.getByTestId("transactions").getByRole("button", { name: words.receipt }).waitFor();

    await expect.poll(async () => (await lastMail(email)).subject).toBe(words.subject);
    const mail = await lastMail(email);
    expect(mail.text).toContain(words.policy);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("names the money left when closing the account and offers to withdraw it first; the terms and FAQ state the same policy", async () => {
    const { page, token, errors } = await signedInCustomer(locale);
    await topUp(page, "10", locale);
    await open(page, `${store.server.url}${words.prefix}/profile/account-information`);
    const left = page.getByTestId("money-left");
    await left.getByText(words.moneyLeft).waitFor();
    expect(await left.textContent()).toContain(words.policy);
    await left.getByRole("button", { name: words.closeEverything }).click();
    await left.getByTestId("withdraw-confirmation").getByRole("button").first().click();
    await expect.poll(async () => (await api<{ balance: number }>("/api/balance", { currency: "EUR" }, token)).balance).toBe(0);
    await expect.poll(() => left.isVisible()).toBe(false);

    for (const path of ["/terms-of-service", "/services/article-forge"]) {
      await open(page, `${store.server.url}${words.prefix}${path}`);
      expect(await page.locator("main").textContent()).toContain(words.policy);
    }
    expect(await page.locator("main").textContent()).toContain(words.faq);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
