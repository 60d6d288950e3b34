import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor } from "./storefront-support";

const store = useStore();
const PASSWORD = "correct horse battery staple";

async function post(pathname: string, body: unknown, locale = "en") {
  const response = await fetch(`${store.server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBe(200);
  return JSON.parse(text);
}

/** The text of the newest mail to `to` (read from the store's database: production has no mailbox page). */
function lastMailTo(to: string): string {
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"), { readonly: true });
  try {
    const row = db.prepare("select text_body from mail_messages where to_address = ? order by created_at desc limit 1").get(to) as { text_body: string } | undefined;
    return row?.text_body ?? "";
  } finally {
    db.close();
  }
}

async function signInCustomer(page: Page, email: string, redirect: string) {
  await open(page, `${store.server.url}/auth/sign-in?redirect=${encodeURIComponent(redirect)}`);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${store.server.url}${redirect}`);
}

describe("back office: customers", () => {
  it("a manager credits a balance with a reason on a tablet, and the customer sees it in their transactions", async () => {
    const email = `ledger-${Date.now()}@example.com`;
    await post("/api/Accounts/register", { firstName: "Marta", lastName: "Ledger", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true });

    const staffContext = await visitor(store.browser);
    const staff = await staffContext.newPage();
    await staff.setViewportSize({ width: 768, height: 1024 });
    await signInStaff(staff, store, "manager");
    await staff.getByRole("link", { name: "Customers" }).click();
    await staff.getByLabel("Email or name").fill("marta ledger");
    await staff.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("link", { name: "Marta Ledger" }).click();
    await staff.getByRole("heading", { level: 1, name: "Marta Ledger" }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);

    const form = staff.getByTestId("adjust-form");
    await form.getByLabel("Amount").fill("42.50");
    await form.getByRole("button", { name: "Adjust balance" }).click();
    // A missing reason is named at its field, and nothing moves.
    await expect.poll(() => form.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
    await form.getByLabel("Reason").fill("Goodwill for a late delivery");
    await form.getByRole("button", { name: "Adjust balance" }).click();
    // Every adjustment is confirmed first, naming the money and what the balance becomes (issue 26, point 13).
    const dialog = staff.getByTestId("adjust-dialog");
    await dialog.getByText("The balance goes from €0.00 to €42.50.").waitFor();
    await dialog.getByRole("button", { name: "Credit €42.50" }).click();
    await staff.getByText("Balance adjusted.").waitFor();
    await expect.poll(() => staff.getByTestId("balance-EUR").textContent()).toContain("Goodwill for a late delivery");
    expect(await staff.getByTestId("balance-EUR").textContent()).toContain("€42.50");
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await staffContext.close();

    const customerContext = await visitor(store.browser);
    const customer = await customerContext.newPage();
    await signInCustomer(customer, email, "/profile/balance");
    await expect.poll(() => customer.getByTestId("balance-amount").textContent()).toBe("€42.50");
    const rows = await customer.getByTestId("transactions").locator("tbody tr").allTextContents();
    expect(rows).toEqual([expect.stringMatching(/Adjustment.*€42\.50/)]);
    await customerContext.close();
  });
});

describe("back office: catalog and support", () => {
  it("an admin changes a price and hides a bundle, and the public pages show it at once", async () => {
    const publicContext = await visitor(store.browser);
    const shopper = await publicContext.newPage();
    await open(shopper, `${store.server.url}/services/article-forge`);
    expect(await shopper.locator("main").textContent()).not.toContain("€187.35");
    await open(shopper, `${store.server.url}/services`);
    expect(await shopper.locator("main a[href='/bundles/launch-essentials-kit']").count()).toBeGreaterThan(0);
    await open(shopper, `${store.server.url}/services/article-forge`);

    const staffContext = await visitor(store.browser);
    const admin = await staffContext.newPage();
    await signInStaff(admin, store, "admin");
    await admin.getByRole("link", { name: "Catalog" }).click();
    const product = admin.getByTestId("product-article-forge");
    await product.getByLabel("Price in EUR").fill("187.35");
    await product.getByRole("button", { name: /^Save/ }).click();
    await product.getByText(/saved\.$/).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await open(shopper, `${store.server.url}/services/article-forge`);
    expect(await shopper.locator("main").textContent()).toContain("€187.35");

    const bundle = admin.getByTestId("product-launch-essentials-kit");
    await bundle.getByLabel("Sold (shown in the store)").uncheck();
    await bundle.getByRole("button", { name: /^Save/ }).click();
    await bundle.getByText(/saved\.$/).waitFor();
    const answer = await shopper.goto(`${store.server.url}/bundles/launch-essentials-kit`);
    expect(answer?.status()).toBe(404);
    await open(shopper, `${store.server.url}/services`);
    expect(await shopper.locator("main a[href='/bundles/launch-essentials-kit']").count()).toBe(0);
    await staffContext.close();
    await publicContext.close();
  });

  it("a manager answers a ticket, and the requester replies through the private link without signing in", async () => {
    const email = `pregunta-${Date.now()}@example.com`;
    const { id, reference } = await post("/api/support/create-ticket", { email, description: "¿Podéis enviarme la factura del pedido, por favor?" }, "es");

    const staffContext = await visitor(store.browser);
    const staff = await staffContext.newPage();
    await signInStaff(staff, store, "manager");
    await staff.getByRole("link", { name: "Support" }).click();
    await staff.getByTestId("tickets").getByRole("link", { name: reference }).click();
    await staff.getByRole("heading", { level: 1, name: `Ticket ${reference} from ${email}` }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.getByLabel("Your reply").fill("Te la hemos enviado a este correo. ¿Algo más?");
    await staff.getByRole("button", { name: "Send reply" }).click();
    await staff.getByText("Reply sent.").waitFor();

    // The reply's mail is rendered by a job right after the reply's commit (decision 0056): wait for its text.
    const replyLink = () => lastMailTo(email).match(/https?:\/\/\S+\/es\/support\/tickets\/[A-Za-z0-9_-]+/)?.[0];
    await expect.poll(replyLink, { timeout: 15_000 }).toBeDefined();
    const link = replyLink();
    const requesterContext = await visitor(store.browser);
    const requester = await requesterContext.newPage();
    await open(requester, new URL(new URL(link!).pathname, store.server.url).href);
    await expect.poll(() => requester.getByTestId("ticket-thread").textContent()).toContain("Te la hemos enviado a este correo.");
    expect(await seriousViolations(requester)).toEqual([]);
    await requester.getByLabel("Tu respuesta").fill("¡Recibida, gracias!");
    await requester.getByRole("button", { name: "Enviar respuesta" }).click();
    await requester.getByText("Gracias. Tu respuesta nos ha llegado.").waitFor();
    await requesterContext.close();

    await staff.reload();
    await expect.poll(() => staff.getByTestId("ticket-thread").textContent()).toContain("¡Recibida, gracias!");
    // Closing moves it to the closed tab; the inbox reads in Spanish under /es.
    await staff.getByRole("button", { name: "Close ticket" }).click();
    await staff.getByText("Ticket closed.").waitFor();
    await open(staff, `${store.server.url}/es/admin/support?status=closed`);
    await staff.getByRole("heading", { level: 1, name: "Bandeja de soporte" }).waitFor();
    await staff.getByTestId("tickets").getByRole("link", { name: reference }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);
    expect(id).toEqual(expect.any(String));
    await staffContext.close();
  });
});
