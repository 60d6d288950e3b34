import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedCustomer, registerCustomer, type TestCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { orderBody, staffMember } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const billing = { firstName: "Mallory", lastName: "Typed", businessName: "", country: "ES", city: "Madrid", address1: "Calle 1", state: "", zipCode: "28013", agreedToPP_TOS: true };

/** Every row the store keeps about `person`: by their user id, and by their own address (tickets, mail). */
async function rowsOf(person: TestCustomer) {
  const db = store.db.kysely;
  const orderIds = db.selectFrom("orders").select("id").where("user_id", "=", person.userId);
  const ticketIds = db.selectFrom("support_tickets").select("id").where("email", "=", person.email);
  return {
    user: await db.selectFrom("users").selectAll().where("id", "=", person.userId).execute(),
    orders: await db.selectFrom("orders").selectAll().where("user_id", "=", person.userId).orderBy("id").execute(),
    items: await db.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("order_id").orderBy("position").execute(),
    messages: await db.selectFrom("order_messages").selectAll().where("order_id", "in", orderIds).orderBy("id").execute(),
    events: await db.selectFrom("order_events").selectAll().where("order_id", "in", orderIds).orderBy("order_id").orderBy("at").orderBy("kind").execute(),
    deposits: await db.selectFrom("deposits").selectAll().where("user_id", "=", person.userId).orderBy("id").execute(),
    documents: await db.selectFrom("documents").selectAll().where("user_id", "=", person.userId).orderBy("id").execute(),
    ledger: await db.selectFrom("ledger_entries").selectAll().where("user_id", "=", person.userId).orderBy("id").execute(),
    carts: await db.selectFrom("carts").selectAll().where("user_id", "=", person.userId).execute(),
    tickets: await db.selectFrom("support_tickets").selectAll().where("email", "=", person.email).orderBy("id").execute(),
    ticketMessages: await db.selectFrom("support_messages").selectAll().where("ticket_id", "in", ticketIds).orderBy("id").execute(),
    ticketLinks: await db.selectFrom("support_ticket_links").selectAll().where("ticket_id", "in", ticketIds).orderBy("token_hash").execute(),
    mail: await db.selectFrom("mail_messages").selectAll().where("to_address", "=", person.email).orderBy("id").execute(),
  };
}

describe("POST /api/accounts/close erases only the account's own data", () => {
  it("leaves another customer's tickets, mail, orders and documents byte for byte, even when their address was typed into the closing account's billing forms", async () => {
    const victim = await fundedCustomer(store, 50_000);
    const placed = await store.post("/api/orders", { ...orderBody(), email: victim.email }, { token: victim.accessToken });
    await store.post(`/api/orders/${placed.body.id}/messages`, { body: "Victim's own words." }, { token: victim.accessToken });
    expect((await store.post(`/api/orders/${placed.body.id}/cancel`, {}, { token: victim.accessToken })).status).toBe(200);
    expect((await store.post("/api/balance/deposit", { ...billing, email: victim.email, depositAmount: 20, currency: "EUR" }, { token: victim.accessToken })).status).toBe(200);
    const ticket = await store.post("/api/support/create-ticket", { email: victim.email, description: "The victim asks about an invoice." });
    const manager = await staffMember(store, "manager");
    expect((await store.post(`/api/admin/support/tickets/${ticket.body.id}/replies`, { body: "Here it is." }, { token: manager.token })).status).toBe(200);
    const cart = { currency: "EUR", items: [{ id: "line-1", productId: "article-forge", brief: { topic: "Victim's plans" } }] };
    expect((await store.call("/api/cart", { method: "PUT", body: cart, token: victim.accessToken })).status).toBe(200);

    const closing = await fundedCustomer(store, 50_000);
    // The closing customer types the victim's address into every billing form, and sends a ticket in their name.
    expect((await store.post("/api/balance/deposit", { ...billing, email: victim.email, depositAmount: 20, currency: "EUR" }, { token: closing.accessToken })).status).toBe(200);
    const own = await store.post("/api/orders", { ...orderBody(), email: victim.email }, { token: closing.accessToken });
    expect((await store.post(`/api/orders/${own.body.id}/cancel`, {}, { token: closing.accessToken })).status).toBe(200);
    await store.post("/api/support/create-ticket", { email: victim.email, description: "Written by the closing customer in the victim's name." });
    await store.post("/api/support/create-ticket", { email: closing.email, description: "The closing customer's own question." });

    const before = await rowsOf(victim);
    expect(before.mail.length).toBeGreaterThanOrEqual(5);
    expect(before.tickets).toHaveLength(2);
    expect(before.deposits).toHaveLength(1);
    expect(before.documents).toHaveLength(2);

    expect((await store.post("/api/accounts/close", { password: closing.password }, { token: closing.accessToken })).status).toBe(200);

    expect(await rowsOf(victim)).toEqual(before);
    expect((await store.call("/api/Accounts/profile", { token: victim.accessToken })).status).toBe(200);

    // The closing account's own rows are erased: by its id, and by its own address.
    const db = store.db.kysely;
    const deposits = await db.selectFrom("deposits").select("billing_json").where("user_id", "=", closing.userId).execute();
    expect(deposits).toEqual([{ billing_json: "{}" }]);
    expect(await db.selectFrom("orders").select("billing_json").where("user_id", "=", closing.userId).execute()).toEqual([{ billing_json: "{}" }]);
    expect(await db.selectFrom("support_tickets").select("id").where("email", "=", closing.email).execute()).toEqual([]);
    expect(await db.selectFrom("mail_messages").select("id").where("to_address", "=", closing.email).execute()).toEqual([]);
  });

  it("does not reach tickets and mail sent to its address before it was registered, nor export them", async () => {
    const address = `earlier-${Date.now()}@example.com`;
    const earlier = await store.post("/api/support/create-ticket", { email: address, description: "Sent before anyone registered this address." });
    expect(earlier.status).toBe(200);
    const db = store.db.kysely;
    const ticketBefore = await db.selectFrom("support_tickets").selectAll().where("id", "=", earlier.body.id).execute();
    const mailBefore = await db.selectFrom("mail_messages").selectAll().where("to_address", "=", address).orderBy("id").execute();
    expect(mailBefore).toHaveLength(1);

    const registrant = await registerCustomer(store, { email: address });
    const later = await store.post("/api/support/create-ticket", { email: address, description: "Sent once the account existed." });
    const exported = await store.call("/api/accounts/export", { token: registrant.accessToken });
    expect(exported.body.supportTickets).toEqual([expect.objectContaining({ id: later.body.id })]);

    expect((await store.post("/api/accounts/close", { password: registrant.password }, { token: registrant.accessToken })).status).toBe(200);
    expect(await db.selectFrom("support_tickets").selectAll().where("id", "=", earlier.body.id).execute()).toEqual(ticketBefore);
    expect(await db.selectFrom("mail_messages").selectAll().where("to_address", "=", address).orderBy("id").execute()).toEqual(mailBefore);
    expect(await db.selectFrom("support_tickets").select(["email", "description"]).where("id", "=", later.body.id).execute()).toEqual([{ email: "", description: "" }]);
  });
});
