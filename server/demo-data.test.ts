import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "./test/test-store";
import { DEMO_CUSTOMER, ensureDemoData } from "./demo-data";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ DEMO_DATA: "true" }, { listen: true });
});
afterAll(() => store.close());

describe("demo data", () => {
  it("lets a visitor sign in as the demo customer, see €2,096 left and orders across the lifecycle, one delivered to review", async () => {
    const login = await store.post("/api/Accounts/login", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(login.status).toBe(200);
    const token = login.body.accessToken as string;
    const balance = await store.post("/api/balance", { currency: "EUR" }, { token });
    expect(balance.body.balance).toBe(2096);
    const orders = await store.call("/api/orders", { token });
    // The newest three are the orders of several deliverables (demo-deliverables.test.ts).
    const older = orders.body.slice(3);
    expect(older.map((order: { status: string }) => order.status)).toEqual(["completed", "in_progress", "needs_info", "delivered"]);
    const delivered = older[3];
    expect(delivered).toMatchObject({ total: 149, needsAttention: true, result: { fileName: "why-sourdough-takes-two-days.docx" } });
    const page = await store.call(`/api/orders/${delivered.number}`, { token });
    expect(page.body.actions).toEqual(["accept", "request_revision"]);
    // What Article Forge promises (content/catalog.ts): the article as DOCX and PDF.
    const files = page.body.versions[0].files.map((file: { fileName: string }) => file.fileName);
    expect(files).toEqual(["why-sourdough-takes-two-days.docx", "why-sourdough-takes-two-days.pdf"]);
    const file = await fetch(`${store.url}/api/orders/${delivered.id}/result`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("wordprocessingml");
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
  });

  it("adds nothing when the store starts again", async () => {
    await ensureDemoData(store.services);
    await ensureDemoData(store.services);
    const users = await store.db.kysely.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).execute();
    expect(users).toHaveLength(1);
    expect(await store.services.orders.hasOrders(users[0]!.id)).toBe(true);
    const orders = await store.db.kysely.selectFrom("orders").select("id").where("user_id", "=", users[0]!.id).execute();
    expect(orders).toHaveLength(7);
    expect(await store.services.wallet.balance(users[0]!.id, "EUR")).toBe(209_600);
  });

  it("is off in tests unless asked", async () => {
    const plain = await startTestStore();
    try {
      const users = await plain.db.kysely.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).execute();
      expect(users).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
