import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "./test/test-store";
import { DEMO_CUSTOMER } from "./demo-data";

let store: TestStore;
let token: string;
beforeAll(async () => {
  store = await startTestStore({ DEMO_DATA: "true" }, { listen: true });
  const login = await store.post("/api/Accounts/login", {
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
  });
  token = login.body.accessToken as string;
});
afterAll(() => store.close());

type Row = { n: number; status: string; refunded: number; credited: number };
async function deliverables(number: string): Promise<Array<[number, string, number, number]>> {
  const page = await store.call(`/api/orders/${number}`, { token });
  return page.body.deliverables.map((d: Row) => [d.n, d.status, d.refunded, d.credited]);
}

describe("demo deliverables", () => {
  it("shows orders of several deliverables in mixed states, with a refund and a goodwill credit", async () => {
    const orders = await store.call("/api/orders", { token });
    const [refund, revision, bundle] = orders.body as Array<{ number: string; progress: unknown }>;
    expect(await deliverables(bundle!.number)).toEqual([
      [1, "paid", 0, 0],
      [2, "in_progress", 0, 0],
      [3, "delivered", 0, 0],
    ]);
    expect(bundle!.progress).toMatchObject({ total: 3, delivered: 1 });
    expect(await deliverables(revision!.number)).toEqual([
      [1, "completed", 0, 0],
      [2, "revision_requested", 0, 0],
    ]);
    expect(await deliverables(refund!.number)).toEqual([
      [1, "cancelled", 149, 0],
      [2, "in_progress", 0, 20],
    ]);
  });

  it("books the refund and the credit on the ledger, each with its credit note", async () => {
    const user = await store.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    const refunds = await store.db.kysely
      .selectFrom("ledger_entries")
      .select("amount")
      .where("user_id", "=", user.id)
      .where("kind", "=", "refund")
      .execute();
    expect(refunds.map((row) => row.amount).sort((a, b) => a - b)).toEqual([2_000, 14_900]);
    const documents = (await store.call("/api/documents", { token })).body as Array<{ kind: string; total: number }>;
    const notes = documents.filter((document) => document.kind === "credit_note").map((document) => document.total);
    expect(notes.sort((a, b) => a - b)).toEqual([-149, -20]);
  });
});
