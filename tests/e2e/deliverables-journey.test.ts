import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIVE_DELIVERABLES, orderBody } from "../../server/test/orders-test-support";
import { balance, call, PASSWORD, placeOrder, register, topUp } from "../support/shop";
import { E2E_WAIT_MS } from "./support/waits";
import { signInStaff, staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations } from "./storefront-support";

const store = useStore();

const LANGUAGES = [
  {
    locale: "en",
    prefix: "",
    due: /^Due /,
    completed: "Completed",
    revision: "Revision requested",
    cancelled: "Cancelled (refunded)",
    paid: "Paid",
    credited: "credited to your balance",
    progress: "1 of 4 delivered · 1 cancelled",
    refund: "Refund",
    staffRefunded: "Refunded",
    creditNote: "Credit note (PDF)",
  },
  {
    locale: "es",
    prefix: "/es",
    due: /^Entrega prevista: /,
    completed: "Completado",
    revision: "Revisión pedida",
    cancelled: "Cancelado (reembolsado)",
    paid: "Pagado",
    credited: "abonados en tu saldo",
    progress: "1 de 4 entregados · 1 cancelado",
    refund: "Reembolso",
    staffRefunded: "Reembolsado",
    creditNote: "Factura rectificativa (PDF)",
  },
] as const;
type Language = (typeof LANGUAGES)[number];

interface Placed {
  email: string;
  token: string;
  id: string;
  number: string;
  /** Each deliverable's share, major units, by n. */
  prices: number[];
}

/** A new customer funds the balance through the sandbox checkout and orders the five deliverables. */
async function placeFiveDeliverables(): Promise<Placed> {
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 1200);
  const placed = await placeOrder(store.server.url, customer.accessToken, undefined, orderBody(FIVE_DELIVERABLES));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const detail = await call(store.server.url, `/api/orders/${placed.body.number}`, { token: customer.accessToken });
  const prices = (detail.body.deliverables as Array<{ price: number }>).map((deliverable) => deliverable.price);
  return { email: customer.email, token: customer.accessToken, id: placed.body.id, number: placed.body.number, prices };
}

/** Staff, through the API: starts deliverable `n` and delivers a version of it. */
async function deliver(orderId: string, token: string, n: number): Promise<void> {
  const base = `/api/admin/orders/${orderId}/deliverables/${n}`;
  const started = await call(store.server.url, `${base}/start`, { token, body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const form = new FormData();
  form.append("files", new Blob([`version of deliverable ${n}`]), `deliverable-${n}.md`);
  const response = await fetch(`${store.server.url}${base}/versions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function signedIn(email: string, target: string, lang: Language): Promise<{ page: Page; errors: string[] }> {
  const page = await (await store.browser.newContext({ locale: lang.locale })).newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await open(page, `${store.server.url}${lang.prefix}/auth/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(/^(Email|Correo)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión|Entrar)$/ }).click();
  await page.waitForURL((url) => url.pathname === target);
  return { page, errors };
}

const status = (page: Page, n: number) =>
  page.getByTestId(`deliverable-${n}`).getByTestId("deliverable-status").textContent();

/** The customer sees five deliverables, each with its own due date, and no serious accessibility violation. */
async function seesFiveDueDates(page: Page, lang: Language): Promise<void> {
  await expect.poll(() => page.locator("[data-testid^=deliverable-] [data-testid=deliverable-due]").count()).toBe(5);
  const dues = await page.locator("[data-testid=deliverable-due]").allTextContents();
  for (const due of dues) expect(due).toMatch(lang.due);
  // The web copy (7 business days), the SEO layer (5) and the article (3) are due on different days.
  expect(new Set(dues).size).toBeGreaterThan(1);
  expect(await seriousViolations(page)).toEqual([]);
}

/** In the browser: accepts deliverable 1 through the confirmation, asks for a revision on deliverable 2. */
async function acceptAndRevise(page: Page, lang: Language): Promise<void> {
  await expect.poll(() => page.getByTestId("deliverable-1").getByTestId("accept-deliverable").count()).toBe(1);
  const first = page.getByTestId("deliverable-1");
  await first.getByTestId("accept-deliverable").click();
  await first.getByTestId("accept-confirmation").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await first.getByTestId("confirm-accept").click();
  await expect.poll(() => status(page, 1)).toBe(lang.completed);
  const second: Locator = page.getByTestId("deliverable-2");
  await second.locator("textarea[name=changes]").fill("Please add our opening hours.");
  await second.getByTestId("request-revision").click();
  await expect.poll(() => status(page, 2)).toBe(lang.revision);
}

/** A manager, in the back office: refunds deliverable 3's whole share, then credits 10.00 on deliverable 4. */
async function refundAndCredit(number: string, lang: Language): Promise<void> {
  const page = await (await store.browser.newContext({ locale: lang.locale })).newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  await signInStaff(page, store, "manager", { locale: lang.locale });
  await open(page, `${store.server.url}${lang.prefix}/admin/orders/${number}`);
  const refund = page.getByTestId("refund-form-3");
  await refund.locator("textarea").fill("The customer no longer needs the web copy.");
  await refund.locator("button[type=submit]").click();
  await refund.getByRole("alertdialog").getByRole("button").first().click();
  await expect.poll(() => page.getByTestId("deliverable-facts-3").textContent()).toContain(lang.staffRefunded);
  const credit = page.getByTestId("credit-form-4");
  await credit.locator("input").fill("10");
  await credit.locator("textarea").fill("The brief took two rounds of questions.");
  await credit.locator("button[type=submit]").click();
  await credit.getByRole("alertdialog").getByRole("button").first().click();
  await expect.poll(() => page.getByTestId("deliverable-facts-4").textContent()).toMatch(/10[.,]00/);
  await page.context().close();
}

/** The order page, the list's progress, the balance and the documents tell the same story. */
async function everythingAgrees(page: Page, placed: Placed, lang: Language): Promise<void> {
  await page.reload();
  const expected = [lang.completed, lang.revision, lang.cancelled, lang.paid, lang.paid];
  await expect.poll(async () => Promise.all([1, 2, 3, 4, 5].map((n) => status(page, n)))).toEqual(expected);
  await expect(page.getByTestId("deliverable-4").textContent()).resolves.toContain(lang.credited);
  await expect(page.getByTestId("order-documents").textContent()).resolves.toContain(lang.creditNote);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${store.server.url}${lang.prefix}/profile/orders`);
  const card = page.getByTestId(`order-${placed.number}`);
  await expect.poll(() => card.getByTestId("order-progress").textContent()).toBe(lang.progress);

  const minor = (major: number) => Math.round(major * 100);
  const left = 120_000 - placed.prices.reduce((sum, price) => sum + minor(price), 0) + minor(placed.prices[2]!) + 1_000;
  expect(minor(await balance(store.server.url, placed.token))).toBe(left);
  await page.goto(`${store.server.url}${lang.prefix}/profile/balance`);
  await expect.poll(() => page.getByTestId("transactions").textContent()).toContain(lang.refund);

  const documents = await call(store.server.url, "/api/documents", { token: placed.token });
  const notes = (documents.body as Array<{ kind: string; total: number }>).filter(
    (document) => document.kind === "credit_note",
  );
  expect(notes.map((note) => minor(-note.total)).sort((a, b) => a - b)).toEqual(
    [1_000, minor(placed.prices[2]!)].sort((a, b) => a - b),
  );
}

describe.each(LANGUAGES)("deliverables of one order, in $locale", (lang) => {
  it("five deliverables with their own due dates: one accepted, one revised, one refunded, one credited, all agreeing", async () => {
    const placed = await placeFiveDeliverables();
    const target = `${lang.prefix}/profile/orders/${placed.number}`;
    const { page, errors } = await signedIn(placed.email, target, lang);
    await seesFiveDueDates(page, lang);

    const staff = (await staffApiToken(store, "admin")).accessToken;
    await deliver(placed.id, staff, 1);
    await deliver(placed.id, staff, 2);
    await page.reload();
    await acceptAndRevise(page, lang);

    await refundAndCredit(placed.number, lang);
    await everythingAgrees(page, placed, lang);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
