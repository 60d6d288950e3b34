import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("balances")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("balances_pk", ["user_id", "currency"])
    .addCheckConstraint("balances_amount_not_negative", sql`amount >= 0`)
    .execute();
  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("ledger_entries_kind", sql`kind in ('deposit', 'order', 'refund', 'adjustment')`)
    .addCheckConstraint("ledger_entries_amount_not_zero", sql`amount <> 0`)
    .execute();
  await db.schema.createIndex("ledger_entries_statement").on("ledger_entries").columns(["user_id", "currency", "created_at"]).execute();
  await db.schema
    .createTable("deposits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("billing_json", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .addCheckConstraint("deposits_amount_positive", sql`amount > 0`)
    .addCheckConstraint("deposits_status", sql`status in ('pending', 'paid', 'declined', 'expired')`)
    .execute();
  await db.schema.createIndex("deposits_user").on("deposits").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("deposits").execute();
  await db.schema.dropTable("ledger_entries").execute();
  await db.schema.dropTable("balances").execute();
}
