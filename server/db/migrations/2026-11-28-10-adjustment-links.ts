import type { Kysely } from "kysely";

/**
 * A balance adjustment may name the order (SC-000042) or the support ticket (T-1A2B3C4D) it is about (issue 26,
 * point 13): the ledger and the audit show it. Owned by the wallet module.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("balance_adjustments").addColumn("order_number", "text").execute();
  await db.schema.alterTable("balance_adjustments").addColumn("ticket_number", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("balance_adjustments").dropColumn("ticket_number").execute();
  await db.schema.alterTable("balance_adjustments").dropColumn("order_number").execute();
}
