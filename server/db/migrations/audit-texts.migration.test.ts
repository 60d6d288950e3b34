import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-25-45-audit-without-message-texts";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

async function fresh(): Promise<void> {
  ({ db, drop } = await openEmptyDatabase());
}

describe("migration: the audit log without message texts", () => {
  it("replaces the words of staff questions, cancellation reasons and ticket replies by their length, leaves every other row, and the log stays append-only", async () => {
    await fresh();
    await migrateTo(db, migrationBefore(MIGRATION));
    const row = (id: string, action: string, after: unknown) => ({
      id, at: "2026-11-24T10:00:00.000Z", actor_id: null, actor_role: "admin", ip: "", action, subject_type: "order", subject_id: "o1",
      before_json: JSON.stringify({ status: "paid" }), after_json: after === null ? null : JSON.stringify(after), note: "",
    });
    await (db.kysely as any).insertInto("audit_log").values([
      row("a1", "order.ask", { status: "needs_info", question: "Is Señora Ruiz's phone 600 111 222?" }),
      row("a2", "order.cancel", { status: "cancelled", reason: "Customer moved to Lisbon", refund: 100, currency: "EUR", total: 100 }),
      row("a3", "ticket.reply", { messageId: "m1", body: "Dear Ada, your invoice is attached." }),
      row("a4", "order.assign", { status: "paid", assignedTo: "w1" }),
      row("a5", "order.ask", null),
    ]).execute();

    await migrateTo(db);

    const rows = await db.kysely.selectFrom("audit_log").select(["id", "before_json", "after_json"]).orderBy("at").orderBy("id").execute();
    const after = Object.fromEntries(rows.map((r) => [r.id, r.after_json === null ? null : JSON.parse(r.after_json)]));
    expect(after).toEqual({
      a1: { status: "needs_info", questionChars: 35 },
      a2: { status: "cancelled", reasonChars: 24, refund: 100, currency: "EUR", total: 100 },
      a3: { messageId: "m1", bodyChars: 35 },
      a4: { status: "paid", assignedTo: "w1" },
      a5: null,
    });
    expect(rows.every((r) => r.before_json === JSON.stringify({ status: "paid" }))).toBe(true);
    await expect(db.kysely.updateTable("audit_log").set({ note: "changed" }).where("id", "=", "a4").execute()).rejects.toThrow(/append-only/);
  });
});
