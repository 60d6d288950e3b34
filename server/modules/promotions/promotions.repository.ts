import type { Kysely, Selectable } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { Database } from "../../db/schema";
import type { PromotionRules } from "./promotion-rules";
import type { PromotionTables } from "./promotions.tables";

export type CodeRow = Selectable<PromotionTables["promotion_codes"]>;
export type RedemptionRow = Selectable<PromotionTables["promotion_redemptions"]>;

/** A stored code's rules, its JSON columns read. */
export function rulesOf(row: CodeRow): PromotionRules {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent === null ? null : Number(row.percent),
    amounts: row.amounts_json === null ? null : (JSON.parse(row.amounts_json) as Partial<Record<Currency, number>>),
    productIds: JSON.parse(row.product_ids_json) as string[],
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    oncePerCustomer: Boolean(row.once_per_customer),
    firstOrderOnly: Boolean(row.first_order_only),
    minimum: JSON.parse(row.minimum_json) as Partial<Record<Currency, number>>,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    paused: Boolean(row.paused),
  };
}

/**
 * Uses and money per code, per currency (minor units): what its orders paid less what was refunded on them since (net
 * revenue), and what was taken off.
 */
export interface CodeFigures {
  paid: Partial<Record<Currency, number>>;
  discounted: Partial<Record<Currency, number>>;
}

/** The promotions module's only reader and writer of its tables; each method takes the caller's transaction when given. */
export function createPromotionsRepository(
  db: Kysely<Database>,
  refundedOf: (orderIds: readonly string[]) => Promise<Map<string, number>> = async () => new Map(),
) {
  return {
    byCode: (code: string, trx: Kysely<Database> = db) => trx.selectFrom("promotion_codes").selectAll().where("code", "=", code).executeTakeFirst(),
    byId: (id: string, trx: Kysely<Database> = db) => trx.selectFrom("promotion_codes").selectAll().where("id", "=", id).executeTakeFirst(),
    all: () => db.selectFrom("promotion_codes").selectAll().orderBy("created_at", "desc").orderBy("code").execute(),
    /** Adds the code; false when another with the same spelling got in first (the unique index decides a race). */
    async insert(row: CodeRow, trx: Kysely<Database>): Promise<boolean> {
      const result = await trx.insertInto("promotion_codes").values(row).onConflict((oc) => oc.column("code").doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    update: (id: string, row: Omit<CodeRow, "id" | "uses" | "created_at">, trx: Kysely<Database>) =>
      trx.updateTable("promotion_codes").set(row).where("id", "=", id).execute(),

    /** Takes one use if the code is not paused and its cap is not reached, in one statement: true when it was taken. */
    async takeUse(id: string, trx: Kysely<Database>): Promise<boolean> {
      const result = await trx
        .updateTable("promotion_codes")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("id", "=", id)
        .where("paused", "=", 0)
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async usedBy(codeId: string, userId: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom("promotion_redemptions").select("id").where("code_id", "=", codeId).where("user_id", "=", userId).executeTakeFirst();
      return row !== undefined;
    },

    insertRedemption: (row: RedemptionRow, trx: Kysely<Database>) => trx.insertInto("promotion_redemptions").values(row).execute(),

    /** Every code's figures, by code id: revenue net of the refunds on its orders. */
    async figures(): Promise<Map<string, CodeFigures>> {
      const rows = await db.selectFrom("promotion_redemptions").select(["code_id", "currency", "order_id", "paid", "discount"]).execute();
      const refunded = await refundedOf(rows.map((row) => row.order_id));
      const figures = new Map<string, CodeFigures>();
      for (const row of rows) {
        const entry = figures.get(row.code_id) ?? { paid: {}, discounted: {} };
        const currency = row.currency as Currency;
        // A refund is never more than what its order paid; the max keeps a code's revenue from going below zero anyway.
        const net = Math.max(0, Number(row.paid) - (refunded.get(row.order_id) ?? 0));
        entry.paid[currency] = (entry.paid[currency] ?? 0) + net;
        entry.discounted[currency] = (entry.discounted[currency] ?? 0) + Number(row.discount);
        figures.set(row.code_id, entry);
      }
      return figures;
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
