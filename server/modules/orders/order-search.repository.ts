import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { isPostgres } from "../../db/row-lock";
import { matchesWords } from "../../db/full-text";
import { inTextList } from "../../db/value-list";
import type { Database } from "../../db/schema";
import type { Actor } from "./order-lifecycle";
import { indexPendingSearch } from "./order-search-index";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/**
 * Up to this many matching orders, the queue starts from their ids (a rare word: a few index lookups, then the sort);
 * past it, the queue walks the index of its sort (each carries order_id) and keeps the matches (a common word: the
 * first page fills at once). Neither planner can tell which from a full-text condition, so the count decides. Up to
 * WALK_LIST_LIMIT, the walk tests each entry's order_id against the ids as a list (a hashed constant on PostgreSQL, an
 * ephemeral index on SQLite), the orders of the customers the words name included, so the test reads the index entry
 * alone; past it, against the search itself and each order's customer (docs/decisions/0069-full-text-search.md,
 * 0081-queue-search-walks-its-sort-index.md).
 */
export const MATCH_LIST_LIMIT = 1000;
const WALK_LIST_LIMIT = 10_000;

/**
 * A search's orders: their ids when few, else the condition that tells a match; `customersOnly`: the customers the
 * words name when nothing matched by its own text (all the matches are their orders, which the customer sort holds
 * together).
 */
export type OrderMatches = ({ ids: string[] } | { many: (eb: Eb) => Expression<SqlBool> }) & { customersOnly: string[] | undefined };

/**
 * What of an order a search reads: its number, briefs, messages and internal notes; a writer's search reads the
 * number and briefs only (what the pool shows them), never the threads.
 */
const searchedKinds = (actor: Actor): Array<"order" | "brief" | "message" | "note"> =>
  actor.role === "writer" ? ["order", "brief"] : ["order", "brief", "message", "note"];

/** `column || ''`: no index serves the test, so the planner keeps walking the queue's own index and tests each entry. */
const unindexed = (column: "deliverables.order_id" | "orders.user_id") => sql<string>`${sql.ref(column)} || ''`;

/**
 * The orders whose own text holds every word (the orders' full-text index), or that belong to one of `customers` (the
 * accounts module's answer to the same words, for staff who see customers).
 */
export async function orderMatches(
  executor: Kysely<Database>,
  words: string[],
  actor: Actor,
  customers: string[],
  limits = { list: MATCH_LIST_LIMIT, walk: WALK_LIST_LIMIT },
  /**
   * False when the page walks the orders' own index (the number sort): the planner cannot tell how many orders the
   * customers' subquery keeps, and took a parallel scan and sort of every order for it (84 ms against 16 with the ids).
   */
  customersInQuery = true,
): Promise<OrderMatches> {
  // SQLite: the rows placed since the last batch enter the index first, so the search sees every committed order.
  await indexPendingSearch(executor);
  const kinds = searchedKinds(actor);
  const search = () => executor.selectFrom("order_search").select("order_search.order_id").where(matchesWords(executor, "order_search", words)).where("order_search.kind", "in", kinds);
  const own = (await search().distinct().limit(limits.walk + 1).execute()).map((row) => row.order_id);
  if (customersInQuery && own.length <= limits.walk && customers.length > 0 && isPostgres(executor)) {
    const many = await customersOrdersInQuery(executor, own, customers, limits);
    if (many) return { many, customersOnly: own.length === 0 ? customers : undefined };
  }
  const theirs = customers.length === 0 ? [] : (await executor.selectFrom("orders").select("id").where("user_id", "in", customers).limit(limits.walk + 1).execute()).map((row) => row.id);
  const ids = new Set([...own, ...theirs]);
  const customersOnly = own.length === 0 && customers.length > 0 ? customers : undefined;
  if (own.length <= limits.walk && ids.size <= limits.list) return { ids: [...ids], customersOnly };
  // One list of every matching order: the walk tests the index entry's order_id only.
  if (ids.size <= limits.walk) return { many: () => inTextList(executor, unindexed("deliverables.order_id"), [...ids]), customersOnly };
  const ownMany = own.length > limits.walk;
  return {
    customersOnly,
    many: (eb) => {
      const tests: Array<Expression<SqlBool>> = [];
      if (own.length > 0) tests.push(ownMany ? eb(unindexed("deliverables.order_id"), "in", search()) : inTextList(executor, unindexed("deliverables.order_id"), own));
      if (customers.length > 0) tests.push(inTextList(executor, unindexed("orders.user_id"), customers));
      return eb.or(tests);
    },
  };
}

/** The orders of `customers` (index-only on orders_queue_user), as a subquery. */
const customersOrders = (executor: Kysely<Database>, customers: string[]) =>
  executor.selectFrom("orders as theirs").select("theirs.id").where(inTextList(executor, sql.ref("theirs.user_id"), customers));

/**
 * PostgreSQL, when the matches are too many for the id list but few enough for the walk: the customers' orders stay in
 * the database, counted (not fetched), and the walk tests each entry's order_id against them as a subquery, which
 * PostgreSQL hashes once (a hashed SubPlan) — the same test as the list of ids, without fetching 5,000 ids and sending
 * them back as a parameter to be parsed and planned. Undefined when the count leaves the choice to the ids.
 */
async function customersOrdersInQuery(
  executor: Kysely<Database>,
  own: string[],
  customers: string[],
  limits: { list: number; walk: number },
): Promise<((eb: Eb) => Expression<SqlBool>) | undefined> {
  const counted = await executor
    .selectFrom(customersOrders(executor, customers).limit(limits.walk + 1).as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = own.length + Number(counted.count);
  if (total <= limits.list || total > limits.walk) return undefined;
  return (eb) => {
    const theirs = eb(unindexed("deliverables.order_id"), "in", customersOrders(executor, customers));
    return own.length === 0 ? theirs : eb.or([inTextList(executor, unindexed("deliverables.order_id"), own), theirs]);
  };
}

/**
 * Where a search that names customers alone finds its orders in the customer sort: the lowest and highest customer
 * key of those customers' deliverables, from one deliverable per customer (every deliverable of a customer carries the
 * same key: placing writes the customer's name, a rename rewrites all of them in its transaction, decision 0074), so
 * a walk of the customer sort's index can start at the first of them instead of passing every name before (the bench's
 * `bench.test bench 12` going down: 83,000 entries; docs/decisions/0082-queue-customer-search-starts-at-its-names.md).
 * Undefined when the customers have no order.
 */
export async function customersSortRange(executor: Kysely<Database>, customers: string[]): Promise<{ low: string; high: string } | undefined> {
  const pg = isPostgres(executor);
  const named = pg ? sql`unnest(${customers}::text[]) as named(value)` : sql`json_each(${JSON.stringify(customers)}) as named`;
  const result = await sql<{ low: string | null; high: string | null }>`select min(sort_key) as low, max(sort_key) as high from (select (select deliverables.customer_sort
      from orders inner join deliverables on deliverables.order_id = orders.id where orders.user_id = named.value limit 1) as sort_key from ${named}) as keys`.execute(executor);
  const row = result.rows[0];
  return row?.low != null && row.high != null ? { low: row.low, high: row.high } : undefined;
}

/** The search's condition in the queue's query. */
export function searchCondition(eb: Eb, matches: OrderMatches | undefined): Expression<SqlBool> {
  if (!matches) return sql<SqlBool>`1 = 0`;
  if ("many" in matches) return matches.many(eb);
  return matches.ids.length === 0 ? sql<SqlBool>`1 = 0` : eb("orders.id", "in", matches.ids);
}
