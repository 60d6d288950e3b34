import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, placeOrder, register, topUp } from "../support/shop";
import { backOfficeTab, queueRows, tenDeliverables, words } from "./support/back-office";
import { answerTicketWithSavedReply, createSavedReply } from "./support/answer-ticket";
import { createStaff, type E2eStaff, staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { E2E_WAIT_MS } from "./support/waits";
import { open, seriousViolations } from "./storefront-support";

// Issue 26, "Done when": a manager's morning (triage with a saved view, bulk-assign ten, hand a deactivated writer's
// work over, answer a ticket) and a writer's day (take from the pool, deliver, handle a revision), in both languages,
// with points 6 (sortable columns, saved views, compact layout, page numbers, the back office's own bar) and 15
// (dates in the page's format, grouped chart numbers, the queue's keyboard). Every text comes from the catalogues.
const store = useStore();
const LOCALES = ["en", "es"] as const;
type Locale = (typeof LOCALES)[number];
const prefixOf = (locale: Locale) => (locale === "es" ? "/es" : "");
const texts = (locale: Locale) => ({ orders: words(locale, "admin-orders"), admin: words(locale, "admin"), support: words(locale, "admin-support"), common: words(locale, "common") });
type Texts = ReturnType<typeof texts>;

/** How many queue rows are wholly in view without scrolling. */
const rowsInView = (page: Page) =>
  page.getByTestId("queue-row").evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);

/** Point 6: no shop header in the back office; its own bar names the person and signs out. */
async function ownBar(page: Page, t: Texts): Promise<void> {
  await page.getByTestId("back-office-bar").getByTestId("staff-name").getByText("Sam", { exact: false }).waitFor();
  expect(await page.getByTestId("site-header").count()).toBe(0);
  expect(await page.getByTestId("cart-count").count()).toBe(0);
  expect(await page.getByTestId("currency-switcher").count()).toBe(0);
  expect(await page.getByRole("link", { name: t.common("nav.services") }).count()).toBe(0);
  await page.getByTestId("back-office-bar").getByRole("button", { name: t.admin("nav.signOut") }).waitFor();
}

/** Point 6: a column header sorts (aria-sort) both ways; the filters and sort saved as a view come back from its link. */
async function triageWithSavedView(page: Page, locale: Locale, t: Texts, customerEmail: string): Promise<{ url: string; name: string }> {
  const base = `${store.server.url}${prefixOf(locale)}/admin/orders`;
  expect(await queueRows(page, `${base}?q=${encodeURIComponent(customerEmail)}&writer=none`)).toBe(10);
  const customerHeader = page.getByRole("columnheader", { name: t.orders("queue.customer") });
  expect(await customerHeader.getAttribute("aria-sort")).toBe("none");
  await customerHeader.getByRole("link").click();
  await expect.poll(() => customerHeader.getAttribute("aria-sort")).toBe("ascending");
  await customerHeader.getByRole("link").click();
  await expect.poll(() => customerHeader.getAttribute("aria-sort")).toBe("descending");
  expect(new URL(page.url()).searchParams.get("dir")).toBe("desc");
  expect(await seriousViolations(page)).toEqual([]);

  const name = `Morning ${locale} ${Date.now()}`;
  await page.getByLabel(t.orders("views.name")).fill(name);
  await page.getByRole("button", { name: t.orders("views.save") }).click();
  await page.getByText(t.orders("views.saved", { name })).waitFor();
  const viewUrl = page.url();
  await open(page, base);
  await page.getByTestId("saved-views").getByRole("link", { name }).click();
  await expect.poll(() => page.getByTestId("queue-row").count()).toBe(10);
  expect(new URL(page.url()).search).toBe(new URL(viewUrl).search);
  expect(await page.getByTestId("saved-views").getByRole("link", { name }).getAttribute("aria-current")).toBe("true");
  return { url: page.url(), name };
}

/** Point 6: a saved view the morning is done with is deleted from the list. */
async function deleteView(page: Page, locale: Locale, t: Texts, name: string): Promise<void> {
  await open(page, `${store.server.url}${prefixOf(locale)}/admin/orders`);
  await page.getByRole("button", { name: t.orders("views.delete", { name }) }).click();
  await page.getByText(t.orders("views.deleted", { name })).waitFor();
  await expect.poll(() => page.getByTestId("saved-views").getByRole("link", { name }).count()).toBe(0);
}

/** Point 15: the queue's keyboard (not while typing), its help in the page's language, and dates typed in its format. */
async function keyboardAndDates(page: Page, t: Texts): Promise<void> {
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: t.orders("keys.title") });
  for (const key of ["next", "previous", "open", "assign"]) await help.getByText(t.orders(`keys.${key}`)).waitFor();
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "detached" });
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect.poll(() => page.getByTestId("queue-row").nth(0).getAttribute("aria-current")).toBe("true");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => page.getByTestId("queue-row").nth(1).getAttribute("aria-current")).toBe("true");
  await page.keyboard.press("a");
  await expect.poll(() => page.getByTestId("queue-row").nth(1).getByRole("checkbox").isChecked()).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("bulk-give-to");
  // Typing in a field is typing, not a shortcut.
  const from = page.getByTestId("date-from");
  expect(await from.getAttribute("placeholder")).toBe(t.common("dateField.placeholder"));
  await from.fill("11/28/2026");
  await page.getByText(t.common("dateField.invalid")).waitFor();
  await from.fill("");
  await from.press("j");
  await expect.poll(() => page.getByTestId("queue-row").nth(1).getAttribute("aria-current")).toBe("true");
  await from.fill("01/01/2020");
  await page.getByRole("button", { name: t.orders("queue.apply") }).click();
  await page.waitForURL((url) => url.searchParams.get("from") === "2020-01-01");
  expect(await page.getByTestId("date-from").inputValue()).toBe("01/01/2020");
  // Enter opens the current row's order.
  await page.getByTestId("queue-row").first().waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => /\/admin\/orders\/SC-\d+$/.test(url.pathname));
}

/** Point 2 on the saved view: every row picked and given to `writer` in one action. */
async function bulkAssignTen(page: Page, t: Texts, viewUrl: string, writer: E2eStaff): Promise<void> {
  await open(page, viewUrl);
  await expect.poll(() => page.getByTestId("queue-row").count()).toBe(10);
  await page.getByRole("checkbox", { name: t.orders("bulk.pickAll") }).check();
  await page.getByLabel(t.orders("bulk.giveTo")).selectOption(writer.userId);
  await page.getByRole("button", { name: t.orders("bulk.assign") }).click();
  await page.getByTestId("bulk-outcome").getByText(t.orders("bulk.outcome", { count: 10, failed: 0 })).waitFor();
  await expect.poll(() => page.getByTestId("queue-row").count(), { timeout: E2E_WAIT_MS }).toBe(0);
}

/** Point 1: the writer is deactivated and their ten deliverables go to `taker` in the same step. */
async function handOver(page: Page, locale: Locale, t: Texts, leaving: E2eStaff, taker: E2eStaff): Promise<void> {
  await open(page, `${store.server.url}${prefixOf(locale)}/admin/staff`);
  await page.getByTestId(`staff-${leaving.email}`).getByRole("button", { name: t.admin("staff.deactivate") }).click();
  const dialog = page.getByTestId("deactivate-dialog");
  await expect.poll(() => dialog.getByTestId("open-work").getByRole("listitem").count()).toBe(10);
  await dialog.getByLabel(t.admin("staff.deactivateDialog.handTo")).selectOption(taker.userId);
  await dialog.getByRole("button", { name: t.admin("staff.deactivateDialog.confirmHandOver") }).click();
  await page.getByText(t.admin("staff.deactivatedHanded", { email: leaving.email, count: 10 })).waitFor();
  expect(await queueRows(page, `${store.server.url}${prefixOf(locale)}/admin/orders?writer=${taker.userId}`)).toBe(10);
}

/**
 * The reply typed into a ticket. Saved replies (issue 26, point 10) are another change: when they land, this picks
 * the saved reply in `locale` instead of typing, and the test checks its text reached the thread.
 */
/** A ticket answered with a saved reply: the reply fills in the requester's language, is sent and shows in the thread. */
async function answerTicket(page: Page, locale: Locale): Promise<void> {
  const email = `morning-${locale}-${Date.now()}@example.com`;
  const created = await fetch(`${store.server.url}/api/support/create-ticket`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify({ email, description: locale === "es" ? "¿Cuándo llega mi artículo?" : "When does my article arrive?" }),
  });
  expect(created.status).toBe(200);
  const { reference } = (await created.json()) as { reference: string };
  const { accessToken } = await staffApiToken(store, "manager");
  const title = `Arrival ${locale} ${Date.now()}`;
  await createSavedReply(store, accessToken, {
    title: { en: title, es: title },
    body: { en: "It arrives on Friday.", es: "Llega el viernes." },
  });
  const sent = await answerTicketWithSavedReply(page, store, { reference, savedReplyTitle: title, locale });
  expect(sent).toBe(locale === "es" ? "Llega el viernes." : "It arrives on Friday.");
  await expect.poll(() => page.getByTestId("ticket-thread").textContent()).toContain(sent);
}

/** Point 15: the dashboard's money axis groups thousands the page's way (24,000 / 24.000). */
async function groupedChartNumbers(page: Page, locale: Locale): Promise<void> {
  await open(page, `${store.server.url}${prefixOf(locale)}/admin`);
  const ticks = page.locator("[data-testid=money-EUR] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await ticks.first().waitFor();
  const grouped = locale === "es" ? /^\d{1,3}(\.\d{3})+$/ : /^\d{1,3}(,\d{3})+$/;
  await expect.poll(async () => (await ticks.allTextContents()).some((text) => grouped.test(text.trim()))).toBe(true);
}

/** A writer's day: a pooled order taken, delivered, and delivered again after the customer's revision request. */
async function writersDay(locale: Locale): Promise<void> {
  const t = texts(locale);
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 500);
  const placed = await placeOrder(store.server.url, customer.accessToken);
  expect(placed.status).toBe(200);
  const number: string = placed.body.number;
  const { context, page, errors } = await backOfficeTab(store, locale, "writer", { width: 1024, height: 768 });
  await ownBar(page, t);
  await queueRows(page, `${store.server.url}${prefixOf(locale)}/admin/orders?q=${number}`);
  await page.getByRole("button", { name: new RegExp(`^${t.orders("take.label", { number, service: "" })}`) }).click();
  await page.waitForURL((url) => url.pathname === `${prefixOf(locale)}/admin/orders/${number}`);
  await page.getByRole("button", { name: t.orders("moves.start") }).click();
  const deliver = async (version: number) => {
    await page.getByLabel(t.orders("upload.files"), { exact: true }).setInputFiles([{ name: `article-v${version}.txt`, mimeType: "text/plain", buffer: Buffer.from(`Version ${version}`) }]);
    await page.getByRole("button", { name: t.orders("upload.send") }).click();
    await page.getByText(t.orders("upload.done", { version })).waitFor();
  };
  await deliver(1);
  const changes = locale === "es" ? "Un tono más cercano, por favor." : "A warmer tone, please.";
  const revision = await call(store.server.url, `/api/orders/${number}/revision`, { token: customer.accessToken, body: { changes } });
  expect(revision.status, JSON.stringify(revision.body)).toBe(200);
  await page.reload();
  await page.getByText(changes).first().waitFor();
  await deliver(2);
  expect(errors).toEqual([]);
  await context.close();
}

const JOURNEY_MS = 240_000;

describe("a manager's morning and a writer's day in the back office", () => {
  for (const locale of LOCALES) {
    it(`triages with a saved view, bulk-assigns ten, hands a deactivated writer's work over and answers a ticket (${locale})`, async () => {
      const t = texts(locale);
      const { customer } = await tenDeliverables(store);
      // Ten more rows, and three deposits of 10,000 a day: enough for the compact layout and a grouped chart axis.
      await tenDeliverables(store);
      const rich = await register(store.server.url);
      await topUp(store.server.url, rich.accessToken, 10_000, 3);
      const [leaving, taker] = [await createStaff(store, "writer"), await createStaff(store, "writer")];
      const { context, page, errors } = await backOfficeTab(store, locale, "admin");
      await ownBar(page, t);

      // Point 6: more rows in view, at a laptop's size and at a small one.
      expect(await queueRows(page, `${store.server.url}${prefixOf(locale)}/admin/orders`)).toBeGreaterThanOrEqual(20);
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(15);
      await page.setViewportSize({ width: 1024, height: 768 });
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(9);
      await page.setViewportSize({ width: 1440, height: 900 });

      const view = await triageWithSavedView(page, locale, t, customer.email);
      await keyboardAndDates(page, t);
      await bulkAssignTen(page, t, view.url, leaving);
      await handOver(page, locale, t, leaving, taker);
      await deleteView(page, locale, t, view.name);
      await answerTicket(page, locale);
      await groupedChartNumbers(page, locale);
      expect(errors).toEqual([]);
      await context.close();
    }, JOURNEY_MS);

    it(`a writer takes work from the pool, delivers it and handles a revision (${locale})`, async () => {
      await writersDay(locale);
    }, JOURNEY_MS);
  }
});
