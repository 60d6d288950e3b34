import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 26, point 6: each member of staff names the queue's filters and sort, lists and deletes their own views.
let store: TestStore;
let manager: TestCustomer;
let writer: TestCustomer;

beforeAll(async () => {
  store = await startTestStore();
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const views = async (who: TestCustomer) => (await store.call("/api/admin/saved-views", { token: who.token })).body.views as Array<{ id: string; name: string; query: string }>;

describe("saved views of the order queue", () => {
  it("are saved, listed by name and deleted per person, each step in the audit log", async () => {
    const late = await store.post("/api/admin/saved-views", { name: "Late and unassigned", query: "late=true&writer=none&sort=customer&dir=desc" }, { token: manager.token });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({ name: "Late and unassigned", query: "late=true&writer=none&sort=customer&dir=desc" });
    expect((await store.post("/api/admin/saved-views", { name: "  Articles ", query: "service=article-forge" }, { token: manager.token })).status).toBe(200);
    expect((await store.post("/api/admin/saved-views", { name: "Mine", query: "writer=me" }, { token: writer.token })).status).toBe(200);

    expect((await views(manager)).map((view) => view.name)).toEqual(["Articles", "Late and unassigned"]);
    expect((await views(writer)).map((view) => view.name)).toEqual(["Mine"]);

    // Nobody deletes a colleague's view.
    const mine = (await views(writer))[0]!;
    expect((await store.call(`/api/admin/saved-views/${mine.id}`, { method: "DELETE", token: manager.token })).status).toBe(404);
    expect((await store.call(`/api/admin/saved-views/${late.body.id}`, { method: "DELETE", token: manager.token })).status).toBe(204);
    expect((await views(manager)).map((view) => view.name)).toEqual(["Articles"]);

    const audit = await store.db.kysely.selectFrom("audit_log").select(["action", "actor_id", "before_json", "after_json"]).where("actor_id", "=", manager.id).orderBy("at").execute();
    expect(audit.map((row) => row.action)).toEqual(["staff.save_view", "staff.save_view", "staff.delete_view"]);
    expect(JSON.parse(audit[2]!.before_json!)).toEqual({ name: "Late and unassigned", query: "late=true&writer=none&sort=customer&dir=desc" });
  });

  it("refuse a name taken, a query the queue does not know, and customers, in both languages", async () => {
    expect((await store.post("/api/admin/saved-views", { name: "Paid", query: "status=paid" }, { token: manager.token })).status).toBe(200);
    const taken = await store.post("/api/admin/saved-views", { name: "paid", query: "status=paid" }, { token: manager.token });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ name: ["You already have a view with this name."] });
    const spanish = await store.post("/api/admin/saved-views", { name: "paid", query: "status=paid" }, { token: manager.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors).toEqual({ name: ["Ya tienes una vista con este nombre."] });
    for (const query of ["status=lost", "cursor=abc", "sort=email", "password=1"]) {
      const bad = await store.post("/api/admin/saved-views", { name: `Bad ${query}`, query }, { token: manager.token });
      expect(bad.status, query).toBe(400);
      expect(bad.body.errors).toEqual({ query: ["This view's filters are not ones the order queue knows."] });
    }
    const buyer = await customer(store);
    expect((await store.call("/api/admin/saved-views", { token: buyer.token })).status).toBe(403);
    expect((await store.call("/api/admin/saved-views")).status).toBe(401);
  });
});
