import type { Kysely } from "kysely";
import type { DeliverableStatus } from "../../../contract/deliverables";
import type { Database } from "../../db/schema";

/** A deliverable of a customer's that is paid and not yet completed or cancelled: still owed to them. */
export interface OpenPaidWork {
  orderId: string;
  number: string;
  n: number;
  service: string;
  status: DeliverableStatus;
  currency: string;
  /** Minor units: its share of what was paid. */
  price: number;
  /** Minor units already refunded or credited on it. */
  givenBack: number;
}

/** What the back office's customer records read of a customer's orders (the customers module asks through here). */
export interface CustomerOrderFacts {
  /** Their deliverables still open (paid and neither completed nor cancelled), oldest order first. */
  openPaidWorkOf(userId: string, trx?: Kysely<Database>): Promise<OpenPaidWork[]>;
  /** Per customer and currency: what their orders cost less what was refunded on them (minor units). */
  spentBy(userIds: readonly string[], trx?: Kysely<Database>): Promise<Array<{ userId: string; currency: string; amount: number }>>;
  /** The id of the customer's order with this number (SC-000042), or undefined when it is not theirs or not there. */
  orderOfCustomer(userId: string, number: string, trx?: Kysely<Database>): Promise<string | undefined>;
}

const OPEN: DeliverableStatus[] = ["paid", "needs_info", "in_progress", "delivered", "revision_requested"];

export function createCustomerOrderFacts(db: Kysely<Database>): CustomerOrderFacts {
  return {
    async openPaidWorkOf(userId, trx = db) {
      const rows = await trx
        .selectFrom("deliverables")
        .innerJoin("orders", "orders.id", "deliverables.order_id")
        .leftJoin("deliverable_adjustments", "deliverable_adjustments.deliverable_id", "deliverables.id")
        .select((eb) => [
          "orders.id as orderId", "orders.number", "orders.currency", "orders.seq", "deliverables.n", "deliverables.product_id", "deliverables.status", "deliverables.price",
          eb.fn.coalesce(eb.fn.sum<number>("deliverable_adjustments.amount"), eb.lit(0)).as("given_back"),
        ])
        .where("orders.user_id", "=", userId)
        .where("deliverables.status", "in", OPEN)
        .groupBy(["orders.id", "orders.number", "orders.currency", "orders.seq", "deliverables.n", "deliverables.product_id", "deliverables.status", "deliverables.price"])
        .orderBy("orders.seq")
        .orderBy("deliverables.n")
        .execute();
      return rows.map((row) => ({
        orderId: row.orderId, number: row.number, n: row.n, service: row.product_id, status: row.status, currency: row.currency,
        price: Number(row.price), givenBack: Number(row.given_back),
      }));
    },

    async spentBy(userIds, trx = db) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const totals = await trx
        .selectFrom("orders")
        .select(["user_id", "currency", (eb) => eb.fn.sum<number>("total").as("amount")])
        .where("user_id", "in", ids)
        .groupBy(["user_id", "currency"])
        .execute();
      const refunds = await trx
        .selectFrom("deliverable_adjustments")
        .innerJoin("orders", "orders.id", "deliverable_adjustments.order_id")
        .select(["orders.user_id", "orders.currency", (eb) => eb.fn.sum<number>("deliverable_adjustments.amount").as("amount")])
        .where("orders.user_id", "in", ids)
        .where("deliverable_adjustments.kind", "=", "refund")
        .groupBy(["orders.user_id", "orders.currency"])
        .execute();
      const refunded = (userId: string, currency: string) =>
        Number(refunds.find((row) => row.user_id === userId && row.currency === currency)?.amount ?? 0);
      return totals.map((row) => ({ userId: row.user_id, currency: row.currency, amount: Number(row.amount) - refunded(row.user_id, row.currency) }));
    },

    async orderOfCustomer(userId, number, trx = db) {
      const row = await trx.selectFrom("orders").select("id").where("number", "=", number.trim().toUpperCase()).where("user_id", "=", userId).executeTakeFirst();
      return row?.id;
    },
  };
}
