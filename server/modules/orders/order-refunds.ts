import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * What was refunded on each of these orders (integer minor units of the order's currency, all its deliverables;
 * goodwill credits not counted): the promotion codes' revenue is net of it. Orders without refunds are left out.
 */
export async function refundedOf(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const refunded = new Map<string, number>();
  const ids = [...new Set(orderIds)];
  // In slices: one query's parameters stay well under the databases' limits.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("deliverable_adjustments")
      .select(["order_id", (eb) => eb.fn.sum<string | number>("amount").as("amount")])
      .where("kind", "=", "refund")
      .where("order_id", "in", ids.slice(start, start + 500))
      .groupBy("order_id")
      .execute();
    for (const row of rows) refunded.set(row.order_id, Number(row.amount));
  }
  return refunded;
}
