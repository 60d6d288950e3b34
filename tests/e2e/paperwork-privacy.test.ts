import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../server/test/pdf-text";
import { staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations } from "./storefront-support";

const PASSWORD = "correct horse battery staple";
const PHONE = { width: 375, height: 800 };

const store = useStore();

async function call<T>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(store.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const register = (email: string) =>
  call<{ accessToken: string }>("/api/Accounts/register", {
    firstName: "Ana", lastName: "García", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true,
  });

/** A customer with a paid €500 deposit and one order for the Article Forge, both made in `locale`. */
async function customerWithOrder(locale: "en" | "es"): Promise<{ email: string; orderNumber: string; orderId: string }> {
  const email = `paper-${randomUUID()}@example.com`;
  const { body: tokens } = await register(email);
  const billing = { firstName: "Ana", lastName: "García", email, businessName: "Panadería Ana SL", country: "ES", city: "Valencia", address1: "Calle de la Paz 7", state: "", zipCode: "46003", vatNumber: "ESA28015865", agreedToPP_TOS: true };
  const deposit = await call<{ depositId: string }>("/api/balance/deposit", { ...billing, depositAmount: 500, currency: "EUR" }, tokens.accessToken, { "accept-language": locale });
  expect(deposit.status).toBe(200);
  expect((await call(`/api/payments/sandbox/${deposit.body.depositId}/complete`, { outcome: "paid" }, tokens.accessToken)).status).toBe(200);
  const brief = { topic: "Why sourdough takes two days", audience: "Bread lovers", tone: "friendly", length: "1500", keywords: ["sourdough"] };
  const order = await call<{ number: string; id: string }>(
    "/api/orders",
    { ...billing, orderFormData: [{ productId: "article-forge", brief }], currency: "EUR" },
    tokens.accessToken,
    { "accept-language": locale },
  );
  expect(order.status).toBe(200);
  return { email, orderNumber: order.body.number, orderId: order.body.id };
}

/** A phone-sized page signed in through the sign-in page and sent on to `target`; fails on any script error. */
async function signedIn(email: string, target: string, signInPath: string): Promise<{ page: Page; errors: string[] }> {
  const context = await store.browser.newContext({ acceptDownloads: true, viewport: PHONE, locale: "en-GB" });
  await context.addInitScript(() => window.localStorage.setItem("accepted-cookies", "true"));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await open(page, `${store.server.url}${signInPath}?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(/^(Email|Correo)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión|Entrar)$/ }).click();
  await page.waitForURL((url) => url.pathname === target);
  return { page, errors };
}

async function downloadedBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe("receipts and invoices on a phone, in Spanish", () => {
  it("downloads the order's invoice from the orders page and the deposit's receipt from the balance page", async () => {
    const { email, orderNumber } = await customerWithOrder("es");
    const { page, errors } = await signedIn(email, "/es/profile/orders", "/es/auth/sign-in");

    const order = page.getByTestId(`order-${orderNumber}`);
    const invoice = await downloadedBytes(page, () => order.getByRole("button", { name: `Descargar la factura del pedido ${orderNumber}` }).click());
    expect(invoice.name).toMatch(/^factura-INV-\d{4}-\d{6}\.pdf$/);
    const text = pdfText(invoice.bytes);
    for (const expected of ["Factura", invoice.name.slice("factura-".length, -".pdf".length), `Pedido ${orderNumber}`, "Article Forge", "Base imponible", "IVA 21 %", "Total", "149,00", "NIF-IVA: ESA28015865"]) {
      expect(text).toContain(expected);
    }
    expect(await seriousViolations(page, "main")).toEqual([]);

    await open(page, `${store.server.url}/es/profile/balance`);
    const history = page.getByTestId("transactions");
    const receipt = await downloadedBytes(page, () => history.getByRole("button", { name: /^Descargar el recibo R-\d{4}-\d{6} de la recarga de/ }).click());
    expect(receipt.name).toMatch(/^recibo-R-\d{4}-\d{6}\.pdf$/);
    const receiptText = pdfText(receipt.bytes);
    expect(receiptText).toContain("Recibo");
    expect(receiptText).toContain("500,00");
    expect(receiptText).toContain("Recarga de tu saldo en EUR");
    // The order's payment names the order, links to it and to its invoice.
    await expect.poll(() => history.getByRole("link", { name: `Pago del pedido ${orderNumber}` }).getAttribute("href")).toBe(`/es/profile/orders/${orderNumber}`);
    await history.getByRole("button", { name: /^Descargar la factura INV-\d{4}-\d{6} del pago de/ }).waitFor();
    expect(await seriousViolations(page, "main")).toEqual([]);

    // The same invoice on the English site: the same number and figures, in English.
    await open(page, `${store.server.url}/profile/orders`);
    const english = await downloadedBytes(page, () => page.getByTestId(`order-${orderNumber}`).getByRole("button", { name: `Download the invoice of order ${orderNumber}` }).click());
    expect(english.name).toBe(`invoice-${invoice.name.slice("factura-".length)}`);
    for (const expected of ["Invoice", `Order ${orderNumber}`, "VAT 21 %", "€149.00"]) {
      expect(pdfText(english.bytes)).toContain(expected);
    }
    expect(await seriousViolations(page, "main")).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe("privacy on a phone, in English", () => {
  it("saves billing details with a VAT number, downloads the data with the order's brief, closes the account, and the e-mail signs up again", async () => {
    const { email, orderNumber, orderId } = await customerWithOrder("en");
    const { page, errors } = await signedIn(email, "/profile/billing", "/auth/sign-in");

    // Billing details: prefilled from the last order; a malformed VAT number is refused at its field.
    const billing = page.getByTestId("billing-form");
    const vat = billing.getByLabel(/^VAT number/);
    await expect.poll(() => vat.inputValue()).toBe("ESA28015865");
    await vat.fill("ES123");
    await billing.getByRole("button", { name: "Save billing details" }).click();
    await expect.poll(() => vat.getAttribute("aria-invalid")).toBe("true");
    await vat.fill("DE 136 695 976");
    await billing.getByRole("button", { name: "Save billing details" }).click();
    await billing.getByText("Your billing details have been saved.").waitFor();
    await expect.poll(() => vat.inputValue()).toBe("DE136695976");
    expect(await seriousViolations(page, "main")).toEqual([]);

    // The data export holds the order with its brief.
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Account information" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/account-information");
    const exported = await downloadedBytes(page, () => page.getByRole("button", { name: "Download my data" }).click());
    expect(exported.name).toMatch(/^scriptorium-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(exported.bytes.toString("utf8"));
    expect(data.profile.email).toBe(email);
    expect(data.deposits).toEqual([expect.objectContaining({ amount: 500, currency: "EUR", status: "paid", billing: expect.objectContaining({ vatNumber: "ESA28015865" }) })]);
    expect(data.orders[0]).toMatchObject({ number: orderNumber, items: [{ productId: "article-forge", brief: { topic: "Why sourdough takes two days" } }] });

    // Closing needs the confirmation and the password; then the sign-in is over.
    await page.getByRole("button", { name: "Close my account" }).click();
    const closing = page.getByTestId("close-account-form");
    await closing.getByLabel(/^Your password/).fill(PASSWORD);
    await closing.getByRole("button", { name: "Close my account for good" }).click();
    await closing.getByText("Tick the box to confirm.").waitFor();
    expect(await seriousViolations(page, "main")).toEqual([]);
    await closing.getByLabel(/^I understand/).check();
    // Not while an order is being written: the form says why and keeps the customer signed in.
    await closing.getByRole("button", { name: "Close my account for good" }).click();
    await closing.getByText("You still have open orders.", { exact: false }).waitFor();
    const { accessToken: staffToken } = await staffApiToken(store, "manager");
    expect((await call(`/api/admin/orders/${orderId}/cancel`, { reason: "The customer asked to close the account." }, staffToken)).status).toBe(200);
    await closing.getByRole("button", { name: "Close my account for good" }).click();
    await page.waitForURL((url) => url.pathname === "/not-logged-in");
    await expect.poll(() => page.getByTestId("not-logged-in-reason").textContent()).toContain("Your account has been closed");
    const stored = await page.evaluate(() => [window.localStorage.getItem("jwtToken"), window.sessionStorage.getItem("jwtToken")]);
    expect(stored).toEqual([null, null]);

    // The old password opens nothing, on the sign-in page as through the API; the address can sign up again.
    await open(page, `${store.server.url}/auth/sign-in`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("main").getByRole("alert").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/sign-in");
    const signIn = await call<{ errors: Record<string, string[]> }>("/api/Accounts/login", { email, password: PASSWORD });
    expect(signIn.status).toBe(400);
    expect((await register(email)).status).toBe(200);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
