import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { matchesWords } from "../../db/full-text";
import type { Database } from "../../db/schema";
import type { Actor } from "./order-lifecycle";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/**
 * Up to this many matching orders, the queue starts from their ids (a rare word: a few index lookups, then the sort);
 * past it, the queue walks its due-date index and keeps the matches (a common word: the first page fills at once).
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
  const own = await executor
    .selectFrom("order_search")
    .select("order_id")
    .distinct()
    .where(matchesWords(executor, "order_search", words))
    .where("kind", "in", kinds)
    .limit(listLimit + 1)
    .execute();
  const theirs = customers.length === 0 ? [] : await executor.selectFrom("orders").select("id").where("user_id", "in", customers).limit(listLimit + 1).execute();
  const ids = new Set([...own.map((row) => row.order_id), ...theirs.map((row) => row.id)]);
  if (ids.size <= listLimit) return { ids: [...ids] };
  return {
    many: (eb) => {
      const mine = eb.selectFrom("order_search").select("order_search.order_id").where(matchesWords(executor, "order_search", words)).where("order_search.kind", "in", kinds);
      const matching = customers.length === 0 ? mine : mine.unionAll(eb.selectFrom("orders as theirs").select("theirs.id as order_id").where("theirs.user_id", "in", customers));
      // `|| ''`: no index serves the test, so both planners walk the queue's own index and test each row against the set.
      return eb(sql<string>`${sql.ref("orders.id")} || ''`, "in", matching);
    },
  };
}

/** The search's condition in the queue's query. */
export function searchCondition(eb: Eb, matches: OrderMatches | undefined): Expression<SqlBool> {
  if (!matches) return sql<SqlBool>`1 = 0`;
  if ("many" in matches) return matches.many(eb);
  return matches.ids.length === 0 ? sql<SqlBool>`1 = 0` : eb("orders.id", "in", matches.ids);
}
