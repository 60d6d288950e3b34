import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedCustomer, registerCustomer, type TestCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, orderBody, staffMember } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const login = (customer: TestCustomer) => store.post("/api/Accounts/login", { email: customer.email, password: customer.password });

describe("GET /api/accounts/export", () => {
  it("downloads the profile, the orders with their briefs and messages, the ledger, the documents and the support tickets as a JSON file", async () => {
    const ada = await fundedCustomer(store, 50_000);
    const placed = await store.post("/api/orders", orderBody(), { token: ada.accessToken });
    expect((await store.post(`/api/orders/${placed.body.id}/messages`, { body: "Please mention our Madrid shop." }, { token: ada.accessToken })).status).toBe(200);
    const writer = await staffMember(store, "manager");
    await store.post(`/api/admin/orders/${placed.body.id}/messages`, { body: "Only for the team.", internal: true }, { token: writer.token });
    await store.post("/api/support/create-ticket", { email: ada.email, description: "Where is my invoice, please?" });

    const answer = await store.call("/api/accounts/export", { token: ada.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="scriptorium-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const data = answer.body;
    expect(data.profile).toMatchObject({ id: ada.userId, email: ada.email });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      number: placed.body.number,
      status: "paid",
      items: [{ productId: "article-forge", brief: articleBrief }],
      messages: [{ author: "customer", body: "Please mention our Madrid shop." }],
      billing: { email: "ada@example.test", businessName: "Analytical Engines SL" },
    });
    expect(JSON.stringify(data)).not.toContain("Only for the team.");
    expect(data.ledger.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
      ["adjustment", 500],
      ["order", -149],
    ]);
    expect(data.deposits).toEqual([]);
    expect(data.documents).toEqual([expect.objectContaining({ kind: "invoice", sourceId: placed.body.id })]);
    expect(data.supportTickets).toEqual([expect.objectContaining({ description: "Where is my invoice, please?" })]);
  });

  it("needs a signed-in customer", async () => {
    expect((await store.call("/api/accounts/export")).status).toBe(401);
  });
});

describe("POST /api/accounts/close", () => {
  it("asks for the right password and loses nothing when it is wrong", async () => {
    const ada = await registerCustomer(store);
    const wrong = await store.post("/api/accounts/close", { password: "not-my-password" }, { token: ada.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toHaveLength(1);
    expect((await login(ada)).status).toBe(200);
  });

  it("is refused while an order is open (not completed or cancelled), with a message saying why", async () => {
    const ada = await fundedCustomer(store, 50_000);
    const placed = await store.post("/api/orders", orderBody(), { token: ada.accessToken });
    const answer = await store.post("/api/accounts/close", { password: ada.password }, { token: ada.accessToken, headers: { "accept-language": "es" } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[""]).toEqual([expect.stringContaining("pedidos abiertos")]);

    // Delivered is still open: the customer has not accepted it yet.
    const admin = await staffMember(store, "admin");
    await store.services.orders.deliver(placed.body.id, { fileName: "article.md", contentType: "text/markdown", content: Buffer.from("# Done") });
    expect((await store.call(`/api/admin/orders/${placed.body.id}`, { token: admin.token })).body.status).toBe("delivered");
    const delivered = await store.post("/api/accounts/close", { password: ada.password }, { token: ada.accessToken });
    expect(delivered.status).toBe(400);
    expect(delivered.body.errors[""]).toEqual([expect.stringContaining("open orders")]);
    expect((await login(ada)).status).toBe(200);
  });

  it("ends every sign-in at once, erases personal data, keeps the ledger and the invoices, and frees the e-mail", async () => {
    const ada = await fundedCustomer(store, 50_000);
    const other = await login(ada);
    const placed = await store.post("/api/orders", orderBody(), { token: ada.accessToken });
    await store.post(`/api/orders/${placed.body.id}/messages`, { body: "My phone is 600 000 000." }, { token: ada.accessToken });
    expect((await store.post(`/api/orders/${placed.body.id}/cancel`, {}, { token: ada.accessToken })).status).toBe(200);
    await store.post("/api/support/create-ticket", { email: ada.email, description: "Please close my account." });
    const cart = { currency: "EUR", items: [{ id: "line-1", productId: "article-forge", brief: { topic: "My private plans" } }] };
    expect((await store.call("/api/cart", { method: "PUT", body: cart, token: ada.accessToken })).status).toBe(200);

    const closed = await store.post("/api/accounts/close", { password: ada.password }, { token: ada.accessToken });
    expect(closed.status).toBe(200);

    expect((await store.call("/api/Accounts/profile", { token: ada.accessToken })).status).toBe(401);
    expect((await store.call("/api/Accounts/profile", { token: other.body.accessToken })).status).toBe(401);
    expect((await store.post("/api/Accounts/refresh", { refreshToken: ada.refreshToken })).status).toBe(401);
    const signIn = await login(ada);
    expect(signIn.status).toBe(400);
    expect(signIn.body.errors[""]).toHaveLength(1);

    const db = store.db.kysely;
    const user = await db.selectFrom("users").selectAll().where("id", "=", ada.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: "", last_name: "", billing_json: null });
    expect(user.email).not.toBe(ada.email);
    expect(user.closed_at).not.toBeNull();
    const items = await db.selectFrom("order_items").select("brief_json").where("order_id", "=", placed.body.id).execute();
    expect(items.map((item) => item.brief_json)).toEqual(["{}"]);
    const messages = await db.selectFrom("order_messages").select("body").where("order_id", "=", placed.body.id).execute();
    expect(messages.map((message) => message.body)).toEqual([""]);
    const order = await db.selectFrom("orders").select(["billing_json", "number", "total", "status"]).where("id", "=", placed.body.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ billing_json: "{}", number: placed.body.number, total: 14_900, status: "cancelled" });
    expect(await db.selectFrom("support_tickets").select("id").where("email", "=", ada.email).execute()).toEqual([]);
    expect(await db.selectFrom("carts").select("user_id").where("user_id", "=", ada.userId).execute()).toEqual([]);
    expect(await store.services.mail.list({ to: ada.email })).toEqual([]);
    // Kept as the law requires: every movement of money and every issued document.
    const ledger = await db.selectFrom("ledger_entries").select("kind").where("user_id", "=", ada.userId).orderBy("created_at").execute();
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(["adjustment", "order", "refund"]);
    const documents = await db.selectFrom("documents").select("kind").where("user_id", "=", ada.userId).execute();
    expect(documents.map((document) => document.kind).sort()).toEqual(["credit_note", "invoice"]);

    const again = await store.post("/api/Accounts/register", {
      firstName: "Ada", lastName: "Again", email: ada.email, country: "ES", password: ada.password, repeatedPassword: ada.password, agreedToPrivacyPolicy: true,
    });
    expect(again.status).toBe(200);
    const fresh = await store.call("/api/Accounts/profile", { token: again.body.accessToken });
    expect(fresh.body).toMatchObject({ email: ada.email, lastName: "Again", billing: null });
    expect(fresh.body.id).not.toBe(ada.userId);
    expect((await store.call("/api/documents", { token: again.body.accessToken })).body).toEqual([]);
  });
});
