import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-95-queue-sort-indexes-carry-order";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

/** The queue's indexes on deliverables, each with its columns as the database wrote them. */
async function queueIndexes(): Promise<Record<string, string>> {
  const rows = db.dialect === "postgres"
    ? (await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = 'deliverables' and schemaname = current_schema()`.execute(db.kysely)).rows
    : (await sql<{ name: string; def: string }>`select name, sql as def from sqlite_master where type = 'index' and tbl_name = 'deliverables' and sql is not null`.execute(db.kysely)).rows;
  const queue = rows.filter((row) => row.name.startsWith("deliverables_queue_"));
  return Object.fromEntries(queue.map((row) => [row.name, (/\(([^)]*)\)\s*$/.exec(row.def)?.[1] ?? "").replace(/["\s]/g, "")]));
}

describe("migration: the queue's sort indexes carry the order id", () => {
  it("replaces each sort's index with one ending in order_id, and goes down again", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const before = await queueIndexes();
    expect(before.deliverables_queue_customer).toBe("customer_sort,due_at,id");

    await migrateTo(db);
    const after = await queueIndexes();
    expect(after).toMatchObject({
      deliverables_queue_customer_order: "customer_sort,due_at,id,order_id",
      deliverables_queue_writer_name_order: "writer_sort,due_at,id,order_id",
      deliverables_queue_price_order: "order_total,due_at,id,order_id",
      deliverables_queue_service_order: "product_id,due_at,id,order_id",
      deliverables_queue_status_order: "status,due_at,id,order_id",
      deliverables_queue_due_order: "due_at,id,order_id",
    });
    expect(Object.keys(after).filter((name) => !name.endsWith("_order"))).toEqual(["deliverables_queue_writer"]);

    await migrateTo(db, migrationBefore(MIGRATION));
    expect(await queueIndexes()).toEqual(before);
  });
});
