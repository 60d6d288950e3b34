import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer } from "../../test/accounts";
import { staffSession, type TestStaff } from "../../test/staff";
import { startTestStore, type TestStore } from "../../test/test-store";
import { createAuditRepository } from "./audit.repository";

const clock = manualClock("2026-11-20T10:00:00.000Z");
let store: TestStore;
let admin: TestStaff;
let manager: TestStaff;
let writer: TestStaff;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  [admin, manager, writer] = await Promise.all([staffSession(store, "admin"), staffSession(store, "manager"), staffSession(store, "writer")]);
  const { audit } = store.services;
  const actor = { id: manager.userId, role: "manager" };
  for (let i = 0; i < 5; i++) {
    await audit.record({ actor, ip: "203.0.113.7", action: "order.refund", subject: { type: "order", id: "order-1" }, before: { refunded: i }, after: { refunded: i + 1 }, note: `refund ${i}` });
    clock.advance(60_000);
  }
  await audit.record({ actor: { id: admin.userId, role: "admin" }, action: "price.change", subject: { type: "product", id: "article-forge" }, before: { EUR: 4900 }, after: { EUR: 5900 } });
  clock.set("2026-11-22T10:00:00.000Z");
  await audit.record({ actor: { id: admin.userId, role: "admin" }, action: "order.cancel", subject: { type: "order", id: "order-2" } });
});
afterAll(() => store?.close());

describe("the audit log", () => {
  it("keeps who, when, from where, what, before and after, newest first", async () => {
    const page = await store.services.audit.list({ subjectType: "order", subjectId: "order-1", limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      actorId: manager.userId, actorEmail: manager.email, actorRole: "manager", ip: "203.0.113.7", action: "order.refund",
      subjectType: "order", subjectId: "order-1", before: { refunded: 4 }, after: { refunded: 5 }, note: "refund 4", at: "2026-11-20T10:04:00.000Z",
    });
    expect(page.next).toEqual(expect.any(String));
  });

  it("pages with a keyset cursor until the end, without repeating or skipping a row", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.services.audit.list({ subjectId: "order-1", limit: 2, cursor });
      seen.push(...page.items.map((item) => item.note));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(["refund 4", "refund 3", "refund 2", "refund 1", "refund 0"]);
  });

  it("filters by actor (id or email), action (exact or prefix) and dates", async () => {
    const list = (query: Parameters<typeof store.services.audit.list>[0]) => store.services.audit.list(query).then((page) => page.items.map((item) => item.action));
    // The admin's own enrolment of the second factor and the sign-in it ends with are in the log too (same instant).
    expect((await list({ actor: admin.email.toUpperCase() })).slice(0, 2)).toEqual(["order.cancel", "price.change"]);
    expect((await list({ actor: admin.email.toUpperCase() })).slice(2).sort()).toEqual(["staff.enrol", "staff.sign_in"]);
    expect(await list({ actor: manager.userId, action: "order." })).toHaveLength(5);
    expect(await list({ action: "order." })).toHaveLength(6);
    expect(await list({ action: "price.change" })).toEqual(["price.change"]);
    expect(await list({ from: "2026-11-21" })).toEqual(["order.cancel"]);
    expect(await list({ to: "2026-11-20", action: "order." })).toHaveLength(5);
    expect(await list({ from: "2026-11-20T10:02:00Z", to: "2026-11-20T10:04:00Z" })).toHaveLength(2);
  });

  it("writes inside the caller's transaction: a rolled-back action leaves no row", async () => {
    await expect(
      store.db.kysely.transaction().execute(async (trx) => {
        await store.services.audit.record({ actor: { id: admin.userId, role: "admin" }, action: "staff.deactivate", subject: { type: "staff", id: "x" } }, trx);
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect((await store.services.audit.list({ action: "staff.deactivate" })).items).toEqual([]);
  });

  it("is append-only: the repository cannot change a row and the database refuses updates and deletes", async () => {
    expect(Object.keys(createAuditRepository(store.db.kysely)).sort()).toEqual(["facets", "insert", "list"]);
    await expect(sql`update audit_log set note = 'rewritten'`.execute(store.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(store.db.kysely)).rejects.toThrow(/append-only/);
    // 7 recorded here and the three staff members' enrolments and sign-ins.
    expect((await store.services.audit.list({ limit: 100 })).items).toHaveLength(13);
  });
});

describe("GET /api/admin/audit", () => {
  it("answers 401 without a token and 403 to a customer or a writer", async () => {
    const customer = await registerCustomer(store);
    expect((await store.call("/api/admin/audit")).status).toBe(401);
    expect((await store.call("/api/admin/audit", { token: customer.accessToken })).status).toBe(403);
    expect((await store.call("/api/admin/audit", { token: writer.accessToken })).status).toBe(403);
    expect((await store.call("/api/admin/audit?subjectType=order&subjectId=order-1", { token: writer.accessToken })).status).toBe(403);
  });

  it("gives an admin the whole log, filtered, in pages", async () => {
    const first = await store.call("/api/admin/audit?action=order.&limit=4", { token: admin.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(4);
    const second = await store.call(`/api/admin/audit?action=order.&limit=4&cursor=${first.body.next}`, { token: admin.accessToken });
    expect(second.body).toMatchObject({ next: null });
    expect(second.body.items).toHaveLength(2);
  });

  it("gives a manager one order's or customer's history, and nothing else", async () => {
    const history = await store.call("/api/admin/audit?subjectType=order&subjectId=order-1", { token: manager.accessToken });
    expect(history.status).toBe(200);
    expect(history.body.items).toHaveLength(5);
    expect((await store.call("/api/admin/audit", { token: manager.accessToken })).status).toBe(403);
    expect((await store.call("/api/admin/audit?subjectType=product&subjectId=article-forge", { token: manager.accessToken })).status).toBe(403);
  });

  it("refuses bad filters with field errors", async () => {
    const bad = await store.call("/api/admin/audit?cursor=nonsense&from=yesterday", { token: admin.accessToken, headers: { "accept-language": "es" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain("from");
    const cursor = await store.call("/api/admin/audit?cursor=bm9uc2Vuc2U", { token: admin.accessToken });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.cursor).toHaveLength(1);
  });
});
