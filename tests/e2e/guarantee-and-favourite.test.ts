import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { movableClock } from "./support/clock";
import { at, FORM_WORDS, signInThroughThePage, type Locale } from "./support/sign-in";
import { staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { E2E_WAIT_MS } from "./support/waits";

// Issue 28 in the browser, in both languages: a late deliverable credits the buyer (the on-time guarantee), and a
// buyer asks for the writer they liked on the next order.
const PASSWORD = "correct horse battery staple";
// The store's clock, moved by the test: the late deliverable's due date passes on the store's own time.
const clock = movableClock();
const store = useStore(clock.env);
afterAll(() => clock.remove());
const brief = { topic: "How to price a wedding cake", audience: "Bakeries", tone: "friendly", length: "800" };

const WORDS = {
  en: {
    late: /^We are sorry: order SC-\d+ is late$/,
    credited: "€14.90",
    creditNote: "Credit note (PDF)",
    mark: /^Mark Quill as a favourite writer$/,
    unmark: /^Remove Quill from your favourite writers$/,
    favourite: "One of your favourite writers",
    writer: /^Writer for Article Forge/,
    place: "Place order and pay from balance",
    by: "Written by Quill",
  },
  es: {
    late: /^Lo sentimos: el pedido SC-\d+ va con retraso$/,
    credited: "14,90\u00a0€",
    creditNote: "Factura rectificativa (PDF)",
    mark: /^Marcar a Quill como redactor favorito$/,
    unmark: /^Quitar a Quill de tus redactores favoritos$/,
    favourite: "Uno de tus redactores favoritos",
    writer: /^Redactor para Article Forge/,
    place: "Realizar pedido y pagar con el saldo",
    by: "Redactado por Quill",
  },
} as const;

function database(): SQLite.Database {
  return new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
}

async function call(
  pathname: string,
  options: { token?: string; body?: unknown; locale?: Locale; form?: FormData } = {},
) {
  const headers: Record<string, string> = { "accept-language": options.locale ?? "en" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${store.server.url}${pathname}`, {
    method: options.body === undefined && !options.form ? "GET" : "POST",
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBe(200);
  return text ? JSON.parse(text) : undefined;
}

/** A registered buyer with 1,000 EUR on their balance. */
async function buyer(locale: Locale) {
  const email = `buyer-${randomUUID()}@example.com`;
  const { accessToken } = await call("/api/Accounts/register", {
    locale,
    body: {
      firstName: "Lucía",
      lastName: "Pérez",
      email,
      country: "ES",
      password: PASSWORD,
      repeatedPassword: PASSWORD,
      agreedToPrivacyPolicy: true,
    },
  });
  const id = (await call("/api/Accounts/profile", { token: accessToken })).id as string;
  const db = database();
  db.prepare("insert into balances (user_id, currency, amount, updated_at) values (?, 'EUR', 100000, ?)").run(
    id,
    new Date().toISOString(),
  );
  db.prepare(
    "insert into ledger_entries (id, user_id, currency, amount, kind, reference, created_at) values (?, ?, 'EUR', 100000, 'adjustment', 'e2e', ?)",
  ).run(randomUUID(), id, new Date().toISOString());
  db.close();
  return { email, password: PASSWORD, token: accessToken as string };
}

const orderBody = (email: string, items: unknown[]) => ({
  firstName: "Lucía",
  lastName: "Pérez",
  email,
  businessName: "Pastelería Lucía",
  country: "ES",
  city: "Valencia",
  address1: "Calle de la Paz 7",
  state: "Valencia",
  zipCode: "46003",
  agreedToPP_TOS: true,
  currency: "EUR",
  orderFormData: items,
});

/** The mail stored for `to`, oldest first; `rendered` once the mail job rendered it (and its PDFs) after the commit. */
function mailTo(to: string): Array<{ subject: string; attachments: number; rendered: boolean }> {
  const db = database();
  try {
    const rows = db
      .prepare("select subject, attachments_json, pending_json from mail_messages where to_address = ? order by created_at")
      .all(to) as Array<{ subject: string; attachments_json: string | null; pending_json: string | null }>;
    return rows.map((row) => ({
      subject: row.subject,
      attachments: (JSON.parse(row.attachments_json ?? "[]") as unknown[]).length,
      rendered: row.pending_json === null,
    }));
  } finally {
    db.close();
  }
}

async function signedIn(
  locale: Locale,
  account: { email: string; password: string },
  target: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await store.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInThroughThePage(page, store.server.url, locale, account, target);
  return { page, errors };
}

/** An article of `account`'s written and delivered by a writer named Quill; the admin's token, the writer, the order. */
async function writtenByQuill(locale: Locale, account: { email: string; token: string }) {
  // The codes of the second factor follow the store's (moved) clock.
  const storeNow = () => clock.now().getTime();
  const admin = (await staffApiToken(store, "admin", storeNow)).accessToken;
  const { staff: writer, accessToken: writerToken } = await staffApiToken(store, "writer", storeNow);
  await call(`/api/admin/staff/${writer.userId}/display-name`, { token: admin, body: { displayName: "Quill" } });
  const first = await call("/api/orders", {
    token: account.token,
    locale,
    body: orderBody(account.email, [{ productId: "article-forge", brief }]),
  });
  await call(`/api/admin/orders/${first.id}/deliverables/1/assign`, {
    token: admin,
    body: { writerId: writer.userId },
  });
  await call(`/api/admin/orders/${first.id}/deliverables/1/start`, { token: writerToken, body: {} });
  const form = new FormData();
  form.append("files", new Blob(["the article"]), "article.md");
  await call(`/api/admin/orders/${first.id}/deliverables/1/versions`, { token: writerToken, form });
  return { admin, writer, first };
}

describe.each(["en", "es"] as const)("issue 28 in %s", (locale) => {
  const words = WORDS[locale];

  it("a late deliverable: the credit on the order and the balance, the credit note, and the apology in the outbox", async () => {
    const account = await buyer(locale);
    const placed = await call("/api/orders", {
      token: account.token,
      locale,
      body: orderBody(account.email, [{ productId: "article-forge", brief }]),
    });
    const number = placed.number as string;
    // Time passes on the store's clock to a minute past the due date; the job runner notices within its poll.
    const { dueAt } = (await call(`/api/orders/${number}`, { token: account.token })).deliverables[0];
    clock.moveTo(new Date(Date.parse(dueAt) + 60_000));
    // The apology, rendered after the commit by the mail job with the credit note attached as a PDF; the only late mail.
    const apologies = () => mailTo(account.email).filter((mail) => words.late.test(mail.subject) && mail.rendered);
    await expect.poll(() => apologies().map((mail) => mail.attachments), { timeout: E2E_WAIT_MS * 2 }).toEqual([1]);

    const { page, errors } = await signedIn(locale, account, at(locale, `/profile/orders/${number}`));
    const card = page.getByTestId("deliverable-1");
    await expect.poll(() => card.textContent(), { timeout: E2E_WAIT_MS }).toContain(words.credited);
    await expect.poll(() => page.getByTestId("order-documents").textContent()).toContain(words.creditNote);
    await page.goto(`${store.server.url}${at(locale, "/profile/balance")}`);
    await expect
      .poll(() => page.getByTestId("balance-amount").textContent(), { timeout: E2E_WAIT_MS })
      .toContain(locale === "en" ? "865.90" : "865,90");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("marks the writer of an accepted deliverable as a favourite and gets them on the next order", async () => {
    const account = await buyer(locale);
    const { admin, writer, first } = await writtenByQuill(locale, account);
    await call(`/api/orders/${first.id}/deliverables/1/accept`, { token: account.token, body: {} });

    const { page, errors } = await signedIn(locale, account, at(locale, `/profile/orders/${first.number}`));
    await page.getByRole("button", { name: words.mark }).click();
    await expect.poll(() => page.getByTestId("deliverable-writer").textContent()).toContain(words.favourite);

    // The next order: the cart holds an article with its brief; the buyer asks for Quill.
    await page.evaluate((draft) => {
      window.localStorage.setItem("cart", JSON.stringify([{ id: "line-1", productId: "article-forge" }]));
      window.localStorage.setItem("orders", JSON.stringify({ "line-1": draft }));
    }, brief);
    await page.goto(`${store.server.url}${at(locale, "/cart")}`);
    await page.getByLabel(words.writer).selectOption({ label: "Quill" });
    // The choice is kept with the cart line: a reload still asks for Quill.
    await page.reload();
    await expect.poll(() => page.getByLabel(words.writer).inputValue(), { timeout: E2E_WAIT_MS }).toBe(writer.userId);
    await page.getByLabel(/^(City|Ciudad)/).fill("Valencia");
    await page.getByLabel(/^(Address|Dirección)/).fill("Calle de la Paz 7");
    await page.getByLabel(/^(Postal code|Código postal)/).fill("46003");
    await page.getByLabel(FORM_WORDS[locale].agree).check();
    await page.getByRole("button", { name: words.place }).click();
    const thanks = page.getByText(/SC-\d+/).first();
    await thanks.waitFor({ timeout: E2E_WAIT_MS });
    const next = ((await thanks.textContent()) ?? "").match(/SC-\d+/)?.[0];
    expect(next).toBeDefined();
    expect(next).not.toBe(first.number);

    await page.goto(`${store.server.url}${at(locale, `/profile/orders/${next}`)}`);
    await expect
      .poll(() => page.getByTestId("deliverable-writer").textContent(), { timeout: E2E_WAIT_MS })
      .toContain(words.by);
    const staffSide = await call(`/api/admin/orders/${next}`, { token: admin });
    expect(staffSide.staffDeliverables[0].writer.id).toBe(writer.userId);
    // No longer a favourite: removed from the order page, and gone from the buyer's favourites.
    await page.getByRole("button", { name: words.unmark }).click();
    await expect.poll(() => page.getByTestId("deliverable-writer").textContent()).not.toContain(words.favourite);
    expect(await call("/api/favourite-writers", { token: account.token })).toEqual({ writers: [] });
    // A cart line that still asked for Quill asks for nobody once the cart is opened.
    await page.evaluate((writerId) => {
      window.localStorage.setItem("cart", JSON.stringify([{ id: "line-2", productId: "article-forge", writerId }]));
    }, writer.userId);
    await page.goto(`${store.server.url}${at(locale, "/cart")}`);
    const storedCart = () => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]"));
    await expect.poll(storedCart, { timeout: E2E_WAIT_MS }).toEqual([{ id: "line-2", productId: "article-forge" }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
