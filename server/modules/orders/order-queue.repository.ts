import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { AdminOrderQuery, AdminOrderRow } from "../../../contract/admin-orders";
import type { ProductId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import { searchWords } from "../../db/full-text";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { OrderAccessPolicy } from "./order-access";
import { checkCursor, queueOrder, sortedPage, type QueueOrder } from "./order-queue-sort";
import { isLate, type Actor } from "./order-lifecycle";
import { customersSortRange, orderMatches, searchCondition, type OrderMatches } from "./order-search.repository";
import { fullNameOf, type People, type StaffDirectory } from "./orders-ports";
import { dueIn } from "./order-workload";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/** The keyset of the queue: the last row's due date and id, opaque to clients. */
interface Cursor {
  dueAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.dueAt, cursor.id])).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  try {
    const [dueAt, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (typeof dueAt === "string" && typeof id === "string" && dueAt.length <= 40 && id.length <= 40) return { dueAt, id };
  } catch {
    // falls through to the 400 below
  }
  throw DomainError.field("cursor", "adminOrders.badCursor");
}

const NEXT_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What was asked before the query: deactivated colleagues (the staff module answers) and the orders a search finds
 * (its own full-text index, and the customers the accounts module finds for the same words): undefined for no search.
 */
interface Asked {
  deactivated: string[] | undefined;
  matches: OrderMatches | undefined;
  /** Sorted by customer, a search that names customers alone: the keys its matches lie between (customersSortRange). */
  customerRange?: { low: string; high: string } | undefined;
}

/** Only the deliverables picked in the queue (`SC-000014:1,…`). */
function selectedOnly(eb: Eb, selected: NonNullable<AdminOrderQuery["selected"]>): Expression<SqlBool> {
  return eb.or(selected.map((pick) => eb.and([eb("orders.number", "=", pick.number), eb("deliverables.n", "=", pick.n)])));
}

/**
 * The conditions of `query` for `actor`: the orders the access policy shows them, then the filters. `asked` holds the
 * orders a search found (with the customers the accounts module found for it) and the deactivated colleagues the
 * staff module named (asked before the query: orders never read the users or staff tables).
 */
function conditions(eb: Eb, query: AdminOrderQuery, actor: Actor, now: Date, access: OrderAccessPolicy, asked: Asked): Expression<SqlBool>[] {
  const { deactivated } = asked;
  const where: Expression<SqlBool>[] = [access.deliverableVisibleTo(eb, actor)];
  if (query.selected) where.push(selectedOnly(eb, query.selected));
  if (query.status && query.status.length > 0) where.push(eb("deliverables.status", "in", query.status));
  if (query.currency) where.push(eb("orders.currency", "=", query.currency));
  if (query.writer === "inactive") where.push(deactivated && deactivated.length > 0 ? eb("deliverables.assigned_to", "in", deactivated) : sql<SqlBool>`1 = 0`);
  else if (query.writer === "none") where.push(eb("deliverables.assigned_to", "is", null));
  else if (query.writer === "me") where.push(eb("deliverables.assigned_to", "=", actor.id));
  else if (query.writer) where.push(eb("deliverables.assigned_to", "=", query.writer));
  // A service: the deliverables of it, bought alone or in a bundle; a bundle: the deliverables bought in it.
  if (query.service) where.push(eb.or([eb("deliverables.product_id", "=", query.service), eb("deliverables.bundle_id", "=", query.service)]));
  if (query.from) where.push(eb("orders.created_at", ">=", `${query.from}T00:00:00.000Z`));
  if (query.to) where.push(eb("orders.created_at", "<", new Date(Date.parse(`${query.to}T00:00:00.000Z`) + NEXT_DAY_MS).toISOString()));
  if (query.late) {
    const at = now.toISOString();
    const late = eb.or([
      eb.and([eb("deliverables.status", "in", ["paid", "in_progress"]), eb("deliverables.due_at", "<", at)]),
      eb.and([eb("deliverables.status", "=", "needs_info"), eb("deliverables.needs_info_since", ">", eb.ref("deliverables.due_at"))]),
    ]);
    where.push(query.late === "true" ? late : eb.not(late));
  }
  if (query.due) where.push(dueIn(eb, query.due, now));
  // Full-text: the number (a part of it too), briefs, messages; a customer's e-mail, name or company (docs/decisions/0069-full-text-search.md).
  if (query.q?.trim()) where.push(searchCondition(eb, asked.matches));
  // The same rows: a walk of the customer sort's index starts at the first of them (decision 0082).
  const range = asked.customerRange;
  if (range) where.push(eb.between("deliverables.customer_sort", range.low, range.high));
  return where;
}

type QueueRowRead = {
  id: string;
  number: string;
  user_id: string;
  created_at: string;
  currency: string;
  total: number;
  n: number;
  product_id: string;
  status: AdminOrderRow["status"];
  due_at: string;
  needs_info_since: string | null;
  assigned_to: string | null;
};

/** One row of the queue: a deliverable with its order, shown as much as the caller's access allows (order-staff-view.ts). */
function queueRow(
  row: QueueRowRead,
  context: { access: OrderAccessPolicy; actor: Actor; now: Date; person: Awaited<ReturnType<People["cardsOf"]>>; services: ProductId[]; inactive: Set<string> },
): AdminOrderRow {
  const level = context.access.accessOf({ user_id: row.user_id }, context.actor, [{ assigned_to: row.assigned_to, status: row.status }]) ?? "pool";
  const customer = context.person.get(row.user_id);
  const writer = row.assigned_to ? context.person.get(row.assigned_to) : undefined;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.created_at,
    dueAt: row.due_at,
    late: isLate({ status: row.status, due_at: row.due_at, needs_info_since: row.needs_info_since }, context.now),
    currency: row.currency as Currency,
    total: toMajor(Number(row.total)),
    // A writer never sees the e-mail, the pool no name.
    customerEmail: level === "full" ? (customer?.email ?? "") : null,
    customerName: level === "full" ? fullNameOf(customer) : level === "work" ? (customer?.first_name ?? "") : "",
    writer: row.assigned_to ? { id: row.assigned_to, name: fullNameOf(writer), active: !context.inactive.has(row.assigned_to) } : null,
    services: context.services,
    access: level,
    deliverable: row.n,
    service: row.product_id as ProductId,
    // The pool shows no customer, so nothing of theirs either.
    customerBlocked: level !== "pool" && customer?.blocked === true,
  };
}

/** The page's rows with their services, names, and marks for a deactivated writer or a blocked customer (three batch reads). */
async function queueRows(
  executor: Kysely<Database>,
  shown: QueueRowRead[],
  { access, actor, now, people, staff }: { access: OrderAccessPolicy; actor: Actor; now: Date; people: People; staff: Pick<StaffDirectory, "deactivatedAmong"> },
): Promise<AdminOrderRow[]> {
  const items = shown.length === 0
    ? []
    : await executor.selectFrom("order_items").select(["order_id", "product_id"]).where("order_id", "in", shown.map((row) => row.id)).orderBy("order_id").orderBy("position").execute();
  // Names, e-mails and blocks of the page's customers and writers: one batch lookup in accounts (no join, no N+1).
  const person = await people.cardsOf(shown.flatMap((row) => (row.assigned_to ? [row.user_id, row.assigned_to] : [row.user_id])), executor);
  const servicesOf = new Map<string, ProductId[]>();
  for (const item of items) servicesOf.set(item.order_id, [...(servicesOf.get(item.order_id) ?? []), item.product_id as ProductId]);
  // Work held by a deactivated colleague is flagged (one lookup for the page's writers).
  const inactive = new Set(await staff.deactivatedAmong(shown.flatMap((row) => (row.assigned_to ? [row.assigned_to] : [])), executor));
  // Work of a blocked customer is marked (from the same lookup).
  return shown.map((row) => queueRow(row, { access, actor, now, person, services: servicesOf.get(row.id) ?? [], inactive }));
}

/**
 * The rows of a page (and one more, to tell whether another follows): first the page's deliverables, read from the
 * sort's index alone (it carries order_id, so a search's test reads the entry too: a walk past thousands of entries
 * reads no table row for them, PostgreSQL's index-only scan), then those rows, one per deliverable (the unit of work)
 * with its order's number, customer, currency and total. `pageNumber` undefined: the due date's keyset, after `after`.
 */
function pageRows(
  executor: Kysely<Database>,
  where: (eb: Eb) => Expression<SqlBool>,
  { order, pageNumber, limit, after }: { order: QueueOrder; pageNumber: number | undefined; limit: number; after: Cursor | undefined },
) {
  const keyset = <O>(select: SelectQueryBuilder<Database, "orders" | "deliverables", O>) =>
    select.orderBy("deliverables.due_at", order.direction).orderBy("deliverables.id", order.direction);
  let chosen = executor.selectFrom("deliverables").innerJoin("orders", "orders.id", "deliverables.order_id").select("deliverables.id").where(where);
  if (after) {
    chosen = chosen.where((eb) => eb(eb.refTuple("deliverables.due_at", "deliverables.id"), order.direction === "desc" ? "<" : ">", eb.tuple(after.dueAt, after.id)));
  }
  const pageIds = (pageNumber === undefined ? keyset(chosen) : sortedPage(chosen, order, pageNumber, limit)).limit(limit + 1);
  const select = executor
    .selectFrom("deliverables")
    .innerJoin("orders", "orders.id", "deliverables.order_id")
    .select([
      "orders.id", "orders.number", "orders.user_id", "orders.created_at", "orders.currency", "orders.total", "deliverables.id as deliverable_id",
      "deliverables.n", "deliverables.product_id", "deliverables.status", "deliverables.due_at", "deliverables.needs_info_since", "deliverables.assigned_to",
    ])
    .where("deliverables.id", "in", pageIds);
  // The same order again (SQLite takes an offset, here 0, only after a limit).
  return (pageNumber === undefined ? keyset(select) : sortedPage(select, order, 1, limit)).limit(limit + 1).execute();
}

/**
 * `customerRange: false`: sorted by customer, a search that names customers alone walks the sort's whole index as
 * other searches do (tests compare the two ways; docs/decisions/0082-queue-customer-search-starts-at-its-names.md).
 */
export interface QueueOptions {
  customerRange?: boolean;
}

/**
 * The order queue of the back office: filtered, sorted by a column (order-queue-sort.ts), paged by keyset on the due
 * date (docs/decisions/0032-…) or by page number.
 */
export function createOrderQueue(
  db: Kysely<Database>,
  access: OrderAccessPolicy,
  people: People,
  staff: Pick<StaffDirectory, "deactivatedAmong" | "deactivatedMembers">,
  { customerRange = true }: QueueOptions = {},
) {
  /**
   * The customers a search names (accounts' full-text index, at most its PREFIX_MATCH_LIMIT; never for a writer, who
   * does not see customers, so may not search them either), the deactivated colleagues for the `inactive` writer filter
   * (the staff module answers), and the match on the orders' search table; sorted by customer, a search that names
   * customers alone also asks where their keys lie in that sort (`customersSortRange`).
   */
  const ask = async (query: AdminOrderQuery, actor: Actor, executor: Kysely<Database>): Promise<Asked> => {
    const words = searchWords(query.q ?? "");
    const customers = words.length === 0 || actor.role === "writer" ? [] : await people.customerIdsMatching(query.q ?? "", executor);
    const matches = words.length === 0 ? undefined : await orderMatches(executor, words, actor, customers, undefined, queueOrder(query).column !== "number");
    const named = customerRange && queueOrder(query).column === "customer" ? matches?.customersOnly : undefined;
    return {
      deactivated: query.writer === "inactive" ? await staff.deactivatedMembers(executor) : undefined,
      matches,
      customerRange: named ? await customersSortRange(executor, named) : undefined,
    };
  };

  const page = async (query: AdminOrderQuery, actor: Actor, now: Date, executor: Kysely<Database> = db) => {
    const order = queueOrder(query);
    checkCursor(query, order);
    // A page number pages any sort by offset; the due date without one pages by keyset (the API's nextCursor).
    const pageNumber = query.page ?? (order.keyset ? undefined : 1);
    const after = pageNumber === undefined && query.cursor ? decodeCursor(query.cursor) : undefined;
    const asked = await ask(query, actor, executor);
    const where = (eb: Eb) => eb.and(conditions(eb, query, actor, now, access, asked));
    const rows = await pageRows(executor, where, { order, pageNumber, limit: query.limit, after });
    const shown = rows.slice(0, query.limit);
    const orders = await queueRows(executor, shown, { access, actor, now, people, staff });
    const last = shown.at(-1);
    const hasNext = rows.length > query.limit;
    const nextCursor = pageNumber === undefined && hasNext && last ? encodeCursor({ dueAt: last.due_at, id: last.deliverable_id }) : null;
    return { orders, nextCursor, page: pageNumber ?? null, hasNext };
  };

  return {
    page,

    /**
     * The orders a search finds (the back office's global search), one row per order, as `actor` may see them (a writer
     * only their own work); the order whose number the search is comes first, then the queue's order; at most `limit`.
     */
    async search(text: string, actor: Actor, now: Date, limit: number): Promise<AdminOrderRow[]> {
      const query: AdminOrderQuery = { q: text, sort: "due", limit: 50, ...(actor.role === "writer" ? { writer: "me" as const } : {}) };
      const { orders } = await page(query, actor, now);
      const digits = /^(?:sc)?[\s-]*0*(\d+)$/i.exec(text.trim())?.[1];
      const exact = (row: AdminOrderRow) => digits !== undefined && row.number.replace(/^SC-0*/, "") === digits;
      const seen = new Set<string>();
      const unique = orders.filter((row) => !seen.has(row.number) && seen.add(row.number));
      return [...unique.filter(exact), ...unique.filter((row) => !exact(row))].slice(0, limit);
    },

    /** Every row of the filtered queue, a page at a time (for the CSV export): memory stays one page whatever the total. */
    async *all(query: AdminOrderQuery, actor: Actor, now: Date): AsyncGenerator<AdminOrderRow> {
      if (queueOrder(query).keyset && query.page === undefined) {
        let cursor: string | undefined;
        do {
          const next = await page({ ...query, cursor, limit: 500 }, actor, now);
          yield* next.orders;
          cursor = next.nextCursor ?? undefined;
        } while (cursor);
        return;
      }
      // Another sort: page after page in that order.
      for (let number = 1; ; number++) {
        const next = await page({ ...query, cursor: undefined, page: number, limit: 500 }, actor, now);
        yield* next.orders;
        if (!next.hasNext) return;
      }
    },

    /**
     * The query plan of a page (for the bench and tests): SQLite's EXPLAIN QUERY PLAN or PostgreSQL's EXPLAIN, with
     * `analyze` PostgreSQL's EXPLAIN ANALYZE (the plan run: its rows and times).
     */
    async plan(query: AdminOrderQuery, actor: Actor, now: Date, dialect: "sqlite" | "postgres", executor: Kysely<Database> = db, analyze = false): Promise<string> {
      const asked = await ask(query, actor, executor);
      const order = queueOrder(query);
      const select = executor
        .selectFrom("deliverables")
        .innerJoin("orders", "orders.id", "deliverables.order_id")
        .select(["deliverables.id"])
        .where((eb) => eb.and(conditions(eb, query, actor, now, access, asked)));
      const compiled = sortedPage(select, order, query.page ?? 1, query.limit).limit(query.limit + 1).compile();
      const prefix = dialect === "sqlite" ? "explain query plan " : analyze ? "explain (analyze, buffers) " : "explain ";
      const result = await sql.raw(prefix + inline(compiled.sql, compiled.parameters, dialect)).execute(executor);
      return (result.rows as Array<Record<string, unknown>>).map((row) => String(row.detail ?? row["QUERY PLAN"] ?? JSON.stringify(row))).join("\n");
    },
  };
}

/** Puts the parameters into the SQL text for EXPLAIN (bench only; values come from the bench itself). */
function inline(text: string, parameters: readonly unknown[], dialect: "sqlite" | "postgres"): string {
  const quoted = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
  // An array (a list bound as one parameter, server/db/value-list.ts) is PostgreSQL's array literal.
  const literal = (value: unknown) => (typeof value === "number" ? String(value) : Array.isArray(value) ? quoted(`{${value.join(",")}}`) : quoted(value));
  if (dialect === "postgres") return text.replace(/\$(\d+)/g, (_match, index: string) => literal(parameters[Number(index) - 1]));
  let position = 0;
  return text.replace(/\?/g, () => literal(parameters[position++]));
}

export type OrderQueue = ReturnType<typeof createOrderQueue>;
