import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from "kysely";

/**
 * The order lifecycle of LIFECYCLE.md: seven states, a due date, revision rounds, result versions with several files,
 * order events, messages with attachments, read markers, staff roles, and the durable jobs table.
 *
 * Today's orders move over without losing a delivered file: each delivered result becomes version 1 of its order
 * with that one file (same storage key, name, size and sha256, so downloads and ETags do not change), and a delivered
 * order gets a fresh review window from now (its customer never heard of one). SQLite cannot change a CHECK
 * constraint, so there `orders` and `order_items` are rebuilt; PostgreSQL alters them in place.
 */
const TURNAROUND_DEFAULTS: Record<string, number> = {
  "article-forge": 3, "web-copycraft": 7, "seo-layer": 5, "investor-deck": 10, "whitepaper-builder": 10, "project-snapshot": 5, "custom-creation": 10,
};
const REVISION_DEFAULTS: Record<string, number> = { "investor-deck": 3 };
const STATUSES = sql`status in ('paid', 'needs_info', 'in_progress', 'delivered', 'revision_requested', 'completed', 'cancelled')`;
const REVIEW_MS = 7 * 24 * 60 * 60_000;

function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

function lifecycleColumns<T extends string>(table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return table
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("needs_info_since", "text")
    .addColumn("resume_status", "text")
    .addColumn("revision_rounds", "integer", (c) => c.notNull().defaultTo(2))
    .addColumn("revisions_used", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("assigned_to", "text", (c) => c.references("users.id"))
    .addColumn("delivered_at", "text")
    .addColumn("review_ends_at", "text")
    .addColumn("completed_at", "text");
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = new Date();

  // Staff roles: the one "staff" role of before becomes admin.
  await db.updateTable("users").set({ role: "admin" }).where("role", "=", "staff").execute();

  // Turnaround (business days) and revision rounds per product; a bundle takes its longest service, its fewest rounds.
  await db.schema.alterTable("products").addColumn("turnaround_days", "integer", (c) => c.notNull().defaultTo(5)).execute();
  await db.schema.alterTable("products").addColumn("revision_rounds", "integer", (c) => c.notNull().defaultTo(2)).execute();
  for (const [id, days] of Object.entries(TURNAROUND_DEFAULTS)) {
    await db.updateTable("products").set({ turnaround_days: days, revision_rounds: REVISION_DEFAULTS[id] ?? 2 }).where("id", "=", id).execute();
  }
  const bundles = await db.selectFrom("bundle_items").select(["bundle_id", "service_id"]).execute();
  const bundleDays = new Map<string, number>();
  for (const row of bundles) bundleDays.set(row.bundle_id, Math.max(bundleDays.get(row.bundle_id) ?? 0, TURNAROUND_DEFAULTS[row.service_id] ?? 5));
  for (const [id, days] of bundleDays) await db.updateTable("products").set({ turnaround_days: days }).where("id", "=", id).execute();

  const oldOrders = await db.selectFrom("orders").selectAll().execute();
  const items = await db.selectFrom("order_items").selectAll().execute();
  const products = await db.selectFrom("products").select(["id", "turnaround_days", "revision_rounds"]).execute();
  const terms = new Map(products.map((p: any) => [p.id, p]));

  if (postgres) {
    await sql`alter table orders drop constraint orders_status`.execute(db);
    await sql`alter table orders add constraint orders_status check (${STATUSES})`.execute(db);
    let alter = db.schema.alterTable("orders").addColumn("due_at", "text");
    for (const [name, type] of [["needs_info_since", "text"], ["resume_status", "text"], ["review_ends_at", "text"], ["completed_at", "text"]] as const) {
      alter = alter.addColumn(name, type);
    }
    await alter
      .addColumn("revision_rounds", "integer", (c) => c.notNull().defaultTo(2))
      .addColumn("revisions_used", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("assigned_to", "text", (c) => c.references("users.id"))
      .execute();
  } else {
    await sql`alter table order_items rename to order_items_old`.execute(db);
    await sql`alter table orders rename to orders_old`.execute(db);
    await lifecycleColumns(
      db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("seq", "integer", (c) => c.notNull().unique())
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("billing_json", "text", (c) => c.notNull())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull()),
    )
      .addCheckConstraint("orders_status", STATUSES)
      .addCheckConstraint("orders_total_positive", sql`total > 0`)
      .execute();
    await db.schema
      .createTable("order_items")
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("brief_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("order_items_pk", ["order_id", "position"])
      .execute();
  }

  await db.schema
    .createTable("order_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("order_versions_number", ["order_id", "number"])
    .execute();
  await db.schema
    .createTable("order_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("version_id", "text", (c) => c.references("order_versions.id").onDelete("cascade"))
    .addColumn("message_id", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_files_order").on("order_files").columns(["order_id", "version_id", "position"]).execute();
  await db.schema
    .createTable("order_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "seq"]).unique().execute();
  await db.schema
    .createTable("order_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("author_role", "text", (c) => c.notNull())
    .addColumn("internal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_messages_order").on("order_messages").columns(["order_id", "created_at"]).execute();
  await db.schema
    .createTable("order_reads")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("read_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_reads_pk", ["order_id", "user_id"])
    .execute();
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload_json", "text", (c) => c.notNull())
    .addColumn("unique_key", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addCheckConstraint("jobs_status", sql`status in ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();

  // Queued mail moves onto the job runner: one mail.deliver job per mail still waiting, then the old queue column goes.
  const queued = await db.selectFrom("mail_messages").select(["id", "next_attempt_at"]).where("status", "=", "queued").execute();
  for (const mail of queued) {
    await db.insertInto("jobs").values({
      id: randomUUID(), kind: "mail.deliver", payload_json: JSON.stringify({ mailId: mail.id }), unique_key: null, status: "queued",
      run_at: mail.next_attempt_at ?? now.toISOString(), attempts: 0, max_attempts: 8, locked_until: null, locked_by: null, last_error: null,
      created_at: now.toISOString(), finished_at: null,
    }).execute();
  }
  await db.schema.dropIndex("mail_messages_queue").execute();
  await db.schema.alterTable("mail_messages").dropColumn("next_attempt_at").execute();

  // Today's orders in the new model.
  const itemsByOrder = new Map<string, any[]>();
  for (const item of items) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
  for (const order of oldOrders) {
    const own = itemsByOrder.get(order.id) ?? [];
    const days = Math.max(1, ...own.map((item) => terms.get(item.product_id)?.turnaround_days ?? 5));
    const rounds = Math.min(...own.map((item) => terms.get(item.product_id)?.revision_rounds ?? 2), 2 ** 30);
    const delivered = order.status === "delivered" && order.result_key;
    const row = {
      due_at: addBusinessDays(new Date(order.created_at), days).toISOString(),
      needs_info_since: null,
      resume_status: null,
      revision_rounds: rounds === 2 ** 30 ? 2 : rounds,
      revisions_used: 0,
      assigned_to: null,
      delivered_at: order.delivered_at,
      review_ends_at: delivered ? new Date(now.getTime() + REVIEW_MS).toISOString() : null,
      completed_at: null,
    };
    if (postgres) {
      await db.updateTable("orders").set(row).where("id", "=", order.id).execute();
    } else {
      const { result_key, result_file_name, result_content_type, result_size, result_sha256, ...kept } = order;
      await db.insertInto("orders").values({ ...kept, ...row }).execute();
    }
    await db.insertInto("order_events").values({
      id: randomUUID(), order_id: order.id, seq: 1, at: order.created_at, actor_id: order.user_id, actor_role: "customer",
      kind: "status", from_status: null, to_status: "paid", note: "",
    }).execute();
    if (order.status !== "paid") {
      await db.insertInto("order_events").values({
        id: randomUUID(), order_id: order.id, seq: 2, at: order.delivered_at ?? order.updated_at, actor_id: null, actor_role: "system",
        kind: "status", from_status: "paid", to_status: order.status, note: "",
      }).execute();
    }
    if (order.result_key) {
      const versionId = randomUUID();
      const at = order.delivered_at ?? order.updated_at;
      await db.insertInto("order_versions").values({ id: versionId, order_id: order.id, number: 1, note: "", created_by: null, created_at: at }).execute();
      await db.insertInto("order_files").values({
        id: randomUUID(), order_id: order.id, version_id: versionId, message_id: null, position: 0, storage_key: order.result_key,
        file_name: order.result_file_name ?? "result", content_type: order.result_content_type ?? "application/octet-stream",
        size: Number(order.result_size ?? 0), sha256: order.result_sha256 ?? "", created_at: at,
      }).execute();
    }
    if (delivered) {
      await db.insertInto("jobs").values({
        id: randomUUID(), kind: "order.review-end", payload_json: JSON.stringify({ orderId: order.id, version: 1 }),
        unique_key: `order.review-end:${order.id}:1`, status: "queued", run_at: row.review_ends_at, attempts: 0, max_attempts: 10,
        locked_until: null, locked_by: null, last_error: null, created_at: now.toISOString(), finished_at: null,
      }).execute();
    }
  }
  if (postgres) {
    await sql`alter table orders alter column due_at set not null`.execute(db);
    for (const column of ["result_key", "result_file_name", "result_content_type", "result_size", "result_sha256"]) {
      await db.schema.alterTable("orders").dropColumn(column).execute();
    }
  } else {
    await sql`insert into order_items select * from order_items_old`.execute(db);
    await db.schema.dropTable("order_items_old").execute();
    await db.schema.dropTable("orders_old").execute();
  }
  await db.schema.createIndex("orders_user_seq").ifNotExists().on("orders").columns(["user_id", "seq"]).execute();
  await db.schema.createIndex("orders_assigned").on("orders").columns(["assigned_to"]).execute();
}

export async function down(): Promise<void> {
  throw new Error("The order lifecycle migration is not reversible: restore a backup instead.");
}
