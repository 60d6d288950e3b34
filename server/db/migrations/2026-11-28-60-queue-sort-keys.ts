import type { ExpressionBuilder, Kysely } from "kysely";

type Eb = ExpressionBuilder<any, any>;

/**
 * The queue's own sort keys (docs/decisions/0074-queue-sort-keys.md): each deliverable carries its customer's name,
 * its writer's name (U+FFFF when nobody's: unassigned work sorts after every name going up) and its order's total,
 * each with an index that ends in the due date and the id as the queue's tie-breakers, so a page sorted by customer,
 * writer or price walks an index instead of sorting every row. Existing rows are filled from the people they name,
 * lower-cased here as the app does (SQLite's `lower` knows ASCII only).
 */
const UNASSIGNED = "\uffff";
const INDEXES = [
  ["deliverables_queue_customer", "customer_sort"],
  ["deliverables_queue_writer_name", "writer_sort"],
  ["deliverables_queue_price", "order_total"],
] as const;

const sortKey = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.toLowerCase();

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverables").addColumn("customer_sort", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("deliverables").addColumn("writer_sort", "text", (c) => c.notNull().defaultTo(UNASSIGNED)).execute();
  await db.schema.alterTable("deliverables").addColumn("order_total", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db
    .updateTable("deliverables")
    .set({ order_total: (eb: Eb) => eb.selectFrom("orders").select("orders.total").whereRef("orders.id", "=", "deliverables.order_id") })
    .execute();
  const customers = await db.selectFrom("users").select(["id", "first_name", "last_name"]).where("id", "in", (eb: Eb) => eb.selectFrom("orders").select("user_id")).execute();
  for (const person of customers) {
    await db
      .updateTable("deliverables")
      .set({ customer_sort: sortKey(person) })
      .where("order_id", "in", (eb: Eb) => eb.selectFrom("orders").select("orders.id").where("orders.user_id", "=", person.id))
      .execute();
  }
  const writers = await db.selectFrom("users").select(["id", "first_name", "last_name"]).where("id", "in", (eb: Eb) => eb.selectFrom("deliverables").select("assigned_to")).execute();
  for (const person of writers) await db.updateTable("deliverables").set({ writer_sort: sortKey(person) }).where("assigned_to", "=", person.id).execute();
  for (const [name, column] of INDEXES) await db.schema.createIndex(name).on("deliverables").columns([column, "due_at", "id"]).execute();
  // The price sort reads the deliverable's copy now; the total's index on orders served only it.
  await db.schema.dropIndex("orders_queue_total").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_queue_total").on("orders").columns(["total", "id"]).execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  for (const column of ["order_total", "writer_sort", "customer_sort"]) await db.schema.alterTable("deliverables").dropColumn(column).execute();
}
