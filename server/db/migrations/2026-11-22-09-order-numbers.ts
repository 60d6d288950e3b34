import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Order numbers from an auto-increment column instead of one counter row: on PostgreSQL a sequence hands out
 * numbers without holding a lock until commit, so placements no longer queue on a single row. Continues after
 * the last number the counter gave.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("order_numbers")
    .addColumn("seq", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .execute();
  const last = await db.selectFrom("order_counters").select("value").where("name", "=", "orders").executeTakeFirst();
  const value = Number(last?.value ?? 0);
  if (value > 0) {
    await db.insertInto("order_numbers").values({ seq: value }).execute();
    if (postgres) await sql`select setval(pg_get_serial_sequence('order_numbers', 'seq'), ${value})`.execute(db);
  }
  await db.schema.dropTable("order_counters").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("order_counters").addColumn("name", "text", (c) => c.primaryKey()).addColumn("value", "integer", (c) => c.notNull()).execute();
  const last = await db.selectFrom("order_numbers").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
  await db.insertInto("order_counters").values({ name: "orders", value: Number(last?.seq ?? 0) }).execute();
  await db.schema.dropTable("order_numbers").execute();
}
