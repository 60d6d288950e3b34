import path from "node:path";
import SQLite from "better-sqlite3";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { orderBody, placeOrder as postOrder } from "../support/shop";
import { signInStaff } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor, watchErrors } from "./storefront-support";

const PASSWORD = "correct horse battery staple";
const store = useStore();

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function call<T = any>(pathname: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${store.server.url}${pathname}`, { method: options.body === undefined ? "GET" : "POST", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBe(200);
  return (text ? JSON.parse(text) : undefined) as T;
}

function database() {
  return new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
}

/** A registered customer, signed in through the API. */
async function account(firstName: string): Promise<{ id: string; email: string; tokens: Tokens }> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const tokens = await call<Tokens>("/api/Accounts/register", {
    body: { firstName, lastName: "Tester", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true },
  });
  const id = (await call<{ id: string }>("/api/Accounts/profile", { token: tokens.accessToken })).id;
  return { id, email, tokens };
}

/** A new member of staff with `role`, signed in the way staff sign in (s14a's helper), on a 768 px wide tab. */
async function staffTab(role: "writer" | "manager") {
  const context = await visitor(store.browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 768, height: 1024 });
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  const staff = await signInStaff(page, store, role);
  return { context, page, errors, staff };
}

/** A browser tab signed in with `tokens` (kept as with "remember me"), 768 px wide: the tablet the back office must work on. */
async function signedIn(tokens: Tokens): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await visitor(store.browser);
  await context.addInitScript((pair) => {
    window.localStorage.setItem("rememberMe", "true");
    window.localStorage.setItem("jwtToken", pair.accessToken);
    window.localStorage.setItem("refreshToken", pair.refreshToken);
  }, tokens);
  const page = await context.newPage();
  await page.setViewportSize({ width: 768, height: 1024 });
  page.setDefaultTimeout(20_000);
  return { context, page, errors: watchErrors(page) };
}

let customer: Awaited<ReturnType<typeof account>>;

const brief = { topic: "How to price a wedding cake", audience: "Bakeries", tone: "friendly", length: "800", keywords: ["cakes"] };
async function placeOrder(): Promise<{ id: string; number: string }> {
  const answer = await postOrder(store.server.url, customer.tokens.accessToken, undefined, {
    ...orderBody,
    firstName: "Clara", lastName: "Tester", email: customer.email, businessName: "Clara's Cakes", country: "ES", city: "Valencia", address1: "Calle de la Paz 7",
    state: "Valencia", zipCode: "46003", orderFormData: [{ productId: "article-forge", brief }],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  customer = await account("Clara");
  const db = database();
  const now = new Date().toISOString();
  db.prepare("insert into balances (user_id, currency, amount, updated_at) values (?, 'EUR', 100000, ?)").run(customer.id, now);
  db.prepare("insert into ledger_entries (id, user_id, currency, amount, kind, reference, created_at) values (?, ?, 'EUR', 100000, 'deposit', 'e2e', ?)").run(crypto.randomUUID(), customer.id, now);
  db.close();
});

/** An unassigned order is in the pool: its brief alone, and Take, which brings the writer to the order as theirs. */
async function takeFromThePool(page: Page): Promise<void> {
  const pooled = await placeOrder();
  await open(page, `${store.server.url}/admin/orders?q=${pooled.number}`);
  expect(await page.getByRole("button", { name: "Export CSV" }).count()).toBe(0);
  await page.getByRole("button", { name: `Take order ${pooled.number}` }).click();
  await page.waitForURL((url) => url.pathname === `/admin/orders/${pooled.number}`);
  await page.getByRole("button", { name: "Start work" }).waitFor();
}

/** The writer asks a question the customer answers, then adds an internal note, which the customer never sees. */
async function askAndNote(page: Page, orderId: string): Promise<void> {
  await page.getByLabel("Question to the customer").fill("Chocolate or fruit?");
  await page.getByRole("button", { name: "Ask the customer" }).click();
  await page.getByTestId("staff-order-status").getByText("Waiting for the customer's answer").waitFor();
  await call(`/api/orders/${orderId}/messages`, { token: customer.tokens.accessToken, body: { body: "Chocolate, please." } });
  await page.reload();
  await page.getByText("Chocolate, please.").waitFor();

  await page.getByLabel("Internal note, not sent to the customer").check();
  await page.getByLabel("Internal note (the customer never sees it)").fill("Customer prefers dark chocolate");
  await page.getByRole("button", { name: "Add the note" }).click();
  await page.getByText("Customer prefers dark chocolate").waitFor();
}

/** A refused file type is named and never sent; two files go up with the progress bar shown, as version 1. */
async function uploadAndDeliver(page: Page): Promise<void> {
  await page.getByLabel("Files", { exact: true }).setInputFiles([{ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") }]);
  await page.getByText("tool.exe is not an allowed file type.", { exact: false }).waitFor();

  const article = Buffer.alloc(3 * 1024 * 1024, "a");
  await page.getByLabel("Files", { exact: true }).setInputFiles([
    { name: "article.txt", mimeType: "text/plain", buffer: article },
    { name: "sources.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 sources") },
  ]);
  await page.getByLabel("Note for the customer (optional)").fill("Here is the article and its sources.");
  // The bar lives only while the upload runs, which on localhost can be shorter than a polling wait's step (a
  // `waitFor` missed it once): a MutationObserver notes every value it shows.
  await page.evaluate(() => {
    const shown: number[] = [];
    (window as unknown as { uploadProgressShown: number[] }).uploadProgressShown = shown;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="upload-progress"]');
      if (bar) shown.push(bar.value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
  });
  await page.getByRole("button", { name: "Upload and deliver" }).click();
  await page.getByText("Version 1 is delivered.").waitFor();
  expect(await page.evaluate(() => (window as unknown as { uploadProgressShown: number[] }).uploadProgressShown.length)).toBeGreaterThan(0);
  await page.getByTestId("upload-progress").waitFor({ state: "detached" });
  await page.getByTestId("staff-version-1-1").getByText("sources.pdf").waitFor();
}

/** The customer sees version 1 with both files and the writer's note to them, never the internal note. */
async function customerSeesTheDelivery(orderNumber: string): Promise<void> {
  const buyer = await signedIn(customer.tokens);
  await open(buyer.page, `${store.server.url}/profile/orders/${orderNumber}`);
  const version = buyer.page.getByTestId("version-1");
  await version.getByText("Here is the article and its sources.").waitFor();
  expect(await version.getByRole("button", { name: /article\.txt/ }).count()).toBe(1);
  expect(await version.getByRole("button", { name: /sources\.pdf/ }).count()).toBe(1);
  expect(await buyer.page.getByText("Customer prefers dark chocolate").count()).toBe(0);
  await buyer.context.close();
}

describe("back office orders", () => {
  it("a writer opens the assigned order, asks a question, uploads two files with the progress bar, and the customer sees the delivery", async () => {
    const order = await placeOrder();
    const { context, page, errors, staff: writer } = await staffTab("writer");
    // A manager gave the order to this writer (the assignment itself is covered by the API tests).
    const db = database();
    // The writer is per deliverable (decision 0059); this order has one.
    db.prepare("update deliverables set assigned_to = ? where order_id = ?").run(writer.userId, order.id);
    db.close();
    await takeFromThePool(page);

    await open(page, `${store.server.url}/admin/orders?writer=me`);
    await page.getByRole("link", { name: order.number }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.number}`);
    await page.getByText("How to price a wedding cake").waitFor();
    // A writer sees the customer's first name, never the e-mail or the billing details.
    await page.getByRole("heading", { name: "Customer" }).waitFor();
    expect(await page.getByText("Clara's Cakes").count()).toBe(0);
    expect(await page.getByText(customer.email).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Billing details" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cancel and refund…" }).count()).toBe(0);
    await page.getByRole("button", { name: "Start work" }).click();
    await page.getByTestId("staff-order-status").getByText("In progress").waitFor();

    await askAndNote(page, order.id);

    await uploadAndDeliver(page);
    expect(errors).toEqual([]);
    await context.close();

    await customerSeesTheDelivery(order.number);
  });

  it("a manager refunds part of an order after confirming, and the customer's balance gets exactly that back", async () => {
    const order = await placeOrder();
    const before = (await call<{ balance: number }>("/api/balance", { token: customer.tokens.accessToken, body: { currency: "EUR" } })).balance;
    const { context, page, errors } = await staffTab("manager");
    await open(page, `${store.server.url}/admin/orders?q=${order.number}`);
    await page.getByTestId("queue-row").first().waitFor();
    expect(await page.getByTestId("queue-row").count()).toBe(1);
    await page.getByRole("link", { name: order.number }).click();
    const form = page.getByTestId("refund-form-1");
    await form.getByLabel("Refund (EUR)").fill("160");
    expect(await form.getByRole("button", { name: "Cancel and refund…" }).isDisabled()).toBe(true);
    await form.getByLabel("Refund (EUR)").fill("50");
    await form.getByLabel("Reason (the customer reads it)").fill("The brief changed after the work began");
    await form.getByRole("button", { name: "Cancel and refund…" }).click();
    await form.getByText(`Refund €50.00 and cancel `, { exact: false }).waitFor();
    await form.getByRole("button", { name: "Yes, refund and cancel" }).click();
    await page.getByTestId("staff-order-status").getByText("Cancelled").waitFor();
    await page.getByTestId("refunded").getByText("€50.00 refunded").waitFor();
    expect(errors).toEqual([]);
    await context.close();
    const after = (await call<{ balance: number }>("/api/balance", { token: customer.tokens.accessToken, body: { currency: "EUR" } })).balance;
    expect(Math.round((after - before) * 100)).toBe(5_000);
  });

  it("the dashboard, the queue and the order page have no serious or critical axe violation at tablet width, in both languages", async () => {
    const order = await placeOrder();
    const { context, page, errors } = await staffTab("manager");
    for (const prefix of ["", "/es"]) {
      await open(page, `${store.server.url}${prefix}/admin`);
      await page.getByTestId("count-waiting").waitFor();
      await page.getByTestId("money-EUR").waitFor();
      expect(await seriousViolations(page, "main")).toEqual([]);
      await open(page, `${store.server.url}${prefix}/admin/orders`);
      await page.getByTestId("queue-row").first().waitFor();
      expect(await seriousViolations(page, "main")).toEqual([]);
      await open(page, `${store.server.url}${prefix}/admin/orders/${order.number}`);
      await page.getByTestId("deliverable-moves-1").waitFor();
      expect(await seriousViolations(page, "main")).toEqual([]);
    }
    await open(page, `${store.server.url}/admin/orders?q=nobody-at-all%40example.com`);
    await page.getByTestId("queue-empty").waitFor();
    expect(errors).toEqual([]);
    await context.close();
   }, 120_000);
});
