import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { orderBody, staffMember } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

describe("the audit log after a customer closes the account", () => {
  it("keeps which messages staff sent and how long they were, never their words", async () => {
    const ada = await registerCustomer(store);
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: ada.userId, currency: "EUR", amount: 50_000, kind: "adjustment", reference: "test" }),
    );
    const placed = await store.post("/api/orders", orderBody(), { token: ada.accessToken });
    const id = placed.body.id as string;
    const manager = await staffMember(store, "manager");
    const staff = (path: string, body: unknown) => store.post(`/api/admin/orders/${id}/${path}`, body, { token: manager.token });
    const words = ["Does Señora Quintana still live at Calle Nube 7?", "Call her mobile 611 222 333.", "Her divorce papers are private.", "Refunded since Ada moved to Oslo.", "Your invoice for the Nube flat."];

    expect((await staff("start", {})).status).toBe(200);
    expect((await staff("ask", { message: words[0] })).status).toBe(200);
    expect((await store.post(`/api/orders/${id}/messages`, { body: "Yes, she does." }, { token: ada.accessToken })).status).toBe(200);
    expect((await staff("messages", { body: words[1] })).status).toBe(200);
    expect((await staff("messages", { body: words[2], internal: true })).status).toBe(200);
    expect((await staff("cancel", { reason: words[3] })).status).toBe(200);
    const ticket = await store.post("/api/support/create-ticket", { email: ada.email, description: "Where is my invoice?" });
    expect((await store.post(`/api/admin/support/tickets/${ticket.body.id}/replies`, { body: words[4] }, { token: manager.token })).status).toBe(200);

    expect((await store.post("/api/accounts/close", { password: ada.password }, { token: ada.accessToken })).status).toBe(200);

    const rows = await store.db.kysely.selectFrom("audit_log").selectAll().execute();
    expect(rows.map((row) => row.action).sort()).toEqual(["order.ask", "order.cancel", "order.message", "order.note", "order.start", "ticket.reply"]);
    const logged = JSON.stringify(rows);
    for (const text of words) {
      for (const word of text.split(/\W+/).filter((w) => w.length > 3)) expect(logged).not.toMatch(new RegExp(`\\b${word}\\b`));
    }
    const after = (action: string) => JSON.parse(rows.find((row) => row.action === action)!.after_json!);
    expect(after("order.ask")).toEqual({ status: "needs_info", messageId: expect.any(String), questionChars: words[0]!.length, deliverable: 1 });
    expect(after("order.cancel")).toMatchObject({ status: "cancelled", reasonChars: words[3]!.length });
    expect(after("ticket.reply")).toEqual({ messageId: expect.any(String), bodyChars: words[4]!.length });
  });
});
