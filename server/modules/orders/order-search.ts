import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { matchesWords } from "../../db/full-text";
import type { Database } from "../../db/schema";
import type { Actor } from "./order-lifecycle";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/**
 * Up to this many matching orders, the queue starts from their ids (a rare word: a few index lookups, then the sort);
 * past it, the queue walks its due-date index (with each order id) and keeps the matches (a common word: the first page fills at once).
 * Neither planner can tell which from a full-text condition, so the count decides (docs/decisions/XXXX-full-text-search.md).
 */
export const MATCH_LIST_LIMIT = 1000;

/** A search's orders: their ids when few, else the condition that tells a match. */
export type OrderMatches = { ids: string[] } | { many: (eb: Eb) => Expression<SqlBool> };

/**
 * What of an order a search reads: its number, briefs, messages and internal notes; a writer's search reads the
 * number and briefs only (what the pool shows them), never the threads.
 */
const searchedKinds = (actor: Actor): Array<"order" | "brief" | "message" | "note"> =>
  actor.role === "writer" ? ["order", "brief"] : ["order", "brief", "message", "note"];

/**
 * The orders whose own text holds every word (the orders' full-text index), or that belong to one of `customers` (the
 * accounts module's answer to the same words, for staff who see customers).
 */
export async function orderMatches(
  executor: Kysely<Database>,
  words: string[],
  actor: Actor,
  customers: string[],
  listLimit = MATCH_LIST_LIMIT,
): Promise<OrderMatches> {
  const kinds = searchedKinds(actor);
  const mine = await executor
    .selectFrom("order_search")
    .select("order_id")
    .distinct()
    .where(matchesWords(executor, "order_search", words))
    .where("kind", "in", kinds)
    .limit(listLimit + 1)
    .execute();
  const own = mine.map((row) => row.order_id);
  if (own.length <= listLimit) {
    const theirs = customers.length === 0 ? [] : await executor.selectFrom("orders").select("id").where("user_id", "in", customers).limit(listLimit + 1).execute();
    const ids = new Set([...own, ...theirs.map((row) => row.id)]);
    if (ids.size <= listLimit) return { ids: [...ids] };
  }
  return {
    many: (eb) => {
      // `|| ''`: no index serves these tests, so both planners walk the queue's due-date index (which carries order_id)
      // and test each entry against the orders found (listed when few, else the hashed result of the search) and its
      // order against the customers, instead of reading every match first.
      const ownMatch =
        own.length > listLimit
          ? eb.selectFrom("order_search").select("order_search.order_id").where(matchesWords(executor, "order_search", words)).where("order_search.kind", "in", kinds)
          : own;
      const tests: Array<Expression<SqlBool>> = [];
      if (own.length > 0) tests.push(eb(sql<string>`${sql.ref("deliverables.order_id")} || ''`, "in", ownMatch));
      if (customers.length > 0) tests.push(eb(sql<string>`${sql.ref("orders.user_id")} || ''`, "in", customers));
      return eb.or(tests);
    },
  };
}

/** The search's condition in the queue's query. */
export function searchCondition(eb: Eb, matches: OrderMatches | undefined): Expression<SqlBool> {
  if (!matches) return sql<SqlBool>`1 = 0`;
  if ("many" in matches) return matches.many(eb);
  return matches.ids.length === 0 ? sql<SqlBool>`1 = 0` : eb("orders.id", "in", matches.ids);
}
