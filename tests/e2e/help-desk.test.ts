import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, placeOrder, register, topUp } from "../support/shop";
import { answerTicketWithSavedReply, createSavedReply } from "./support/answer-ticket";
import { signInStaff, staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor } from "./storefront-support";

/** Issue 26, point 10: the help desk in the browser, a manager in English and a writer in Spanish. */
const store = useStore();

function database(): SQLite.Database {
  return new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
}

/** The newest mail to `to` (read from the store's database: production has no mailbox page). */
function lastMailTo(to: string): { subject: string; text: string } {
  const db = database();
  try {
    const row = db.prepare("select subject, text_body from mail_messages where to_address = ? order by created_at desc limit 1").get(to) as { subject: string; text_body: string } | undefined;
    return { subject: row?.subject ?? "", text: row?.text_body ?? "" };
  } finally {
    db.close();
  }
}

/** The ticket was opened `hours` ago (the server's clock cannot be moved in a browser test; the row can). */
function openedHoursAgo(reference: string, hours: number): void {
  const db = database();
  try {
    const prefix = `${reference.slice(2).toLowerCase()}-`;
    db.prepare("update support_tickets set created_at = ? where id like ?").run(new Date(Date.now() - hours * 3_600_000).toISOString(), `${prefix}%`);
  } finally {
    db.close();
  }
}

/** A Spanish-speaking customer with one order writes through the Spanish contact form, giving a subject. */
async function spanishCustomerWrites(page: Page): Promise<{ email: string; reference: string; orderNumber: string }> {
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 500);
  const placed = await placeOrder(store.server.url, customer.accessToken);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await open(page, `${store.server.url}/es/contact-us`);
  await page.getByLabel("Tu correo electrónico").fill(customer.email);
  await page.getByLabel("Asunto (opcional)").fill("Factura con el NIF equivocado");
  await page.getByLabel("¿En qué podemos ayudarte?").fill("Hola, la factura de mi pedido lleva el NIF de otra empresa.");
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  const said = page.getByText(/Tu número de solicitud es T-[0-9A-F]{8}\./);
  await said.waitFor();
  const reference = (await said.textContent())?.match(/T-[0-9A-F]{8}/)?.[0] ?? "";
  expect(lastMailTo(customer.email).subject).toContain(reference);
  return { email: customer.email, reference, orderNumber: placed.body.number };
}

/** A manager adds a saved reply in both languages on the saved replies page (reached from the inbox). */
async function keepSavedReply(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Saved replies" }).click();
  const form = page.getByTestId("saved-reply-form");
  await form.getByLabel("Title (English)").fill("Corrected invoice");
  await form.getByLabel("Title (Spanish)").fill("Factura corregida");
  await form.getByLabel("Reply (English)").fill("We have issued a corrected invoice; you will find it in your profile.");
  await form.getByLabel("Reply (Spanish)").fill("Hemos emitido una factura corregida; la tienes en tu perfil.");
  await form.getByRole("button", { name: "Save reply" }).click();
  await page.getByText("Saved reply created.").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
}

/** On the open ticket page: an internal note and a tag. */
async function noteAndTag(page: Page, note: string, tag: string): Promise<void> {
  await page.getByLabel("New note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await page.getByText("Note added.").waitFor();
  await page.getByLabel("New tag").fill(tag);
  await page.getByRole("button", { name: "Add tag" }).click();
  await page.getByRole("button", { name: `Remove the tag ${tag}` }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
}

/** The requester's page (the link in the newest mail) shows the ticket's number, in its title too, and never the note. */
async function requesterSeesNumberNotNote(requester: Page, email: string, reference: string, noteWord: string): Promise<void> {
  const link = lastMailTo(email).text.match(/https?:\/\/\S+\/es\/support\/tickets\/[A-Za-z0-9_-]+/)?.[0];
  await open(requester, new URL(new URL(link ?? "").pathname, store.server.url).href);
  await expect.poll(() => requester.getByTestId("ticket-reference").textContent()).toContain(reference);
  expect(await requester.title()).toContain(reference);
  expect(await requester.locator("main").textContent()).not.toContain(noteWord);
}

describe("help desk", () => {
  it("a manager keeps saved replies, sees the overdue ticket by number and subject, answers it in the requester's language, notes, tags, and follows the customer's orders both ways", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const { email, reference, orderNumber } = await spanishCustomerWrites(page);
    openedHoursAgo(reference, 30);

    await signInStaff(page, store, "manager");
    await page.getByRole("link", { name: "Support" }).click();
    await keepSavedReply(page);

    await open(page, `${store.server.url}/admin/support`);
    const row = page.getByTestId("tickets").getByRole("row", { name: new RegExp(reference) });
    await expect.poll(() => row.textContent()).toContain("Factura con el NIF equivocado");
    expect(await row.textContent()).toContain("First answer overdue");
    expect(await seriousViolations(page)).toEqual([]);

    const sent = await answerTicketWithSavedReply(page, store, { reference, savedReplyTitle: "Corrected invoice" });
    expect(sent).toBe("Hemos emitido una factura corregida; la tienes en tu perfil.");
    expect(await page.title()).toContain(reference);
    expect(await page.getByTestId("ticket-first-response").textContent()).toMatch(/^First answer /);
    await expect.poll(() => lastMailTo(email).text, { timeout: 15_000 }).toContain(sent);
    expect(lastMailTo(email).subject).toContain(reference);

    await noteAndTag(page, "Checked with accounting: NIF typo on our side.", "facturacion");

    await requesterSeesNumberNotNote(await context.newPage(), email, reference, "accounting");

    // Both ways: from the ticket to the customer's order, from the order back to their tickets.
    await page.getByTestId("ticket-customer-orders").getByRole("link", { name: orderNumber }).click();
    await page.getByTestId("staff-order").waitFor();
    await page.getByTestId("customer-tickets").click();
    await page.getByTestId("tickets").getByRole("link", { name: reference }).waitFor();

    await open(page, `${store.server.url}/admin/support?status=all&tag=facturacion`);
    await page.getByTestId("tickets").getByRole("link", { name: reference }).waitFor();
    expect(await page.getByTestId("tickets").locator("tbody tr").count()).toBe(1);
    await context.close();
  });

  it("a writer, in Spanish, sees only the ticket assigned to them and answers it with a saved reply in the requester's English", async () => {
    const { accessToken } = await staffApiToken(store, "manager");
    await createSavedReply(store, accessToken, {
      title: { en: "Deadline moved", es: "Plazo cambiado" },
      body: { en: "We moved your deadline as you asked.", es: "Hemos cambiado el plazo como pediste." },
    });
    const mine = (await call(store.server.url, "/api/support/create-ticket", { body: { email: `deadline-${Date.now()}@example.com`, description: "Could you move my deadline to Friday?" } })).body;
    const other = (await call(store.server.url, "/api/support/create-ticket", { body: { email: `other-${Date.now()}@example.com`, description: "Another question for the managers." } })).body;

    const context = await visitor(store.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    const writer = await signInStaff(page, store, "writer", { locale: "es" });
    const assigned = await call(store.server.url, `/api/admin/support/tickets/${mine.reference}/assign`, { token: accessToken, body: { staffId: writer.userId } });
    expect(assigned.status).toBe(200);

    await page.getByRole("link", { name: "Soporte" }).click();
    await page.getByTestId("tickets").getByRole("link", { name: mine.reference }).waitFor();
    expect(await page.getByTestId("tickets").getByRole("link", { name: other.reference }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    const sent = await answerTicketWithSavedReply(page, store, { reference: mine.reference, savedReplyTitle: "Plazo cambiado", locale: "es" });
    expect(sent).toBe("We moved your deadline as you asked.");
    expect(await page.getByRole("heading", { level: 2, name: "Asignación" }).count()).toBe(0);
    await context.close();
  });
});
