import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from "kysely";

const LEDGER_KINDS_BEFORE = "kind in ('deposit', 'order', 'refund', 'adjustment')";
const LEDGER_KINDS = "kind in ('deposit', 'order', 'refund', 'adjustment', 'withdrawal', 'withdrawal_returned')";
const DOCUMENT_KINDS_BEFORE = "kind in ('receipt', 'invoice', 'credit_note')";
const DOCUMENT_KINDS = "kind in ('receipt', 'invoice', 'credit_note', 'refund_receipt')";

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A CHECK constraint widened. PostgreSQL drops and adds it; SQLite cannot alter a constraint, so the table is rebuilt
 * from its own CREATE statement with the new check (nothing references these tables), and its indexes re-created.
 */
async function widenCheck(db: Kysely<any>, postgres: boolean, table: string, constraint: string, before: string, after: string): Promise<void> {
  if (postgres) {
    await sql.raw(`alter table ${table} drop constraint ${constraint}`).execute(db);
    await sql.raw(`alter table ${table} add constraint ${constraint} check (${after})`).execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((row) => row.type === "table")?.sql;
  if (!create?.includes(before)) throw new Error(`${table}: check ${constraint} not found as expected`);
  const indexes = rows.filter((row) => row.type === "index" && row.sql).map((row) => row.sql as string);
  const rebuilt = create.replace(before, after).replace(/^create table\s+"?\w+"?/i, `create table "${table}_new"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}_new" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_new" rename to "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

/**
 * A table of money moved for a customer: id, owner, currency, positive minor units and creation time, then its own
 * text columns (`[name, required]`) and whatever `more` adds.
 */
async function moneyTable(
  db: Kysely<any>,
  name: string,
  texts: Array<[column: string, required: boolean]>,
  more: (table: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never> = (table) => table,
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull());
  for (const [column, required] of texts) table = table.addColumn(column, "text", (c) => (required ? c.notNull() : c));
  await more(table).addCheckConstraint(`${name}_amount_positive`, sql`amount > 0`).execute();
}

/**
 * Issue 25: unused balance is withdrawn to the payments it came from. A withdrawal takes money off the balance (ledger
 * kind `withdrawal`) and is split into one provider refund per deposit, newest first; a refund the provider refuses
 * puts its part back (`withdrawal_returned`). A refund receipt documents it. Deposits keep the provider's payment
 * (Stripe PaymentIntent) a refund is made against.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await widenCheck(db, postgres, "ledger_entries", "ledger_entries_kind", LEDGER_KINDS_BEFORE, LEDGER_KINDS);
  await widenCheck(db, postgres, "documents", "documents_kind", DOCUMENT_KINDS_BEFORE, DOCUMENT_KINDS);
  await db.schema.alterTable("deposits").addColumn("provider_payment", "text").execute();
  await moneyTable(db, "withdrawals", [["locale", true]]);
  await db.schema.createIndex("withdrawals_user").on("withdrawals").columns(["user_id", "created_at"]).execute();
  await moneyTable(db, "withdrawal_refunds", [["status", true], ["provider", true], ["provider_ref", false], ["settled_at", false]], (table) =>
    table
      .addColumn("withdrawal_id", "text", (c) => c.notNull().references("withdrawals.id"))
      .addColumn("deposit_id", "text", (c) => c.notNull().references("deposits.id"))
      .addCheckConstraint("withdrawal_refunds_status", sql`status in ('pending', 'succeeded', 'failed')`),
  );
  await db.schema.createIndex("withdrawal_refunds_deposit").on("withdrawal_refunds").columns(["deposit_id", "status"]).execute();
  await db.schema.createIndex("withdrawal_refunds_withdrawal").on("withdrawal_refunds").columns(["withdrawal_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.dropTable("withdrawal_refunds").execute();
  await db.schema.dropTable("withdrawals").execute();
  await db.schema.alterTable("deposits").dropColumn("provider_payment").execute();
  await widenCheck(db, postgres, "documents", "documents_kind", DOCUMENT_KINDS, DOCUMENT_KINDS_BEFORE);
  await widenCheck(db, postgres, "ledger_entries", "ledger_entries_kind", LEDGER_KINDS, LEDGER_KINDS_BEFORE);
}
