import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { AdminOrderQuery, AdminOrderRow } from "../../../contract/admin-orders";
import type { ProductId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { OrderAccessPolicy, OrdersScope } from "./order-access";
import { isLate, type Actor } from "./order-lifecycle";

type Eb = ExpressionBuilder<Database & { w: Database["users"] }, "orders" | "users" | "w">;

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

const ORDER_NUMBER = /^sc-?(\d{1,12})$/i;
const NEXT_DAY_MS = 24 * 60 * 60 * 1000;

/** The conditions of `query` for `actor`: the orders the access policy shows them, then the filters. */
function conditions(eb: Eb, query: AdminOrderQuery, actor: Actor, now: Date, access: OrderAccessPolicy): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [access.visibleTo(eb as unknown as OrdersScope, actor)];
  if (query.status && query.status.length > 0) where.push(eb("orders.status", "in", query.status));
  if (query.currency) where.push(eb("orders.currency", "=", query.currency));
  if (query.writer === "none") where.push(eb("orders.assigned_to", "is", null));
  else if (query.writer === "me") where.push(eb("orders.assigned_to", "=", actor.id));
  else if (query.writer) where.push(eb("orders.assigned_to", "=", query.writer));
  if (query.service) {
    where.push(eb.exists(eb.selectFrom("order_items").select("order_items.order_id").whereRef("order_items.order_id", "=", "orders.id").where("order_items.product_id", "=", query.service)));
  }
  if (query.from) where.push(eb("orders.created_at", ">=", `${query.from}T00:00:00.000Z`));
  if (query.to) where.push(eb("orders.created_at", "<", new Date(Date.parse(`${query.to}T00:00:00.000Z`) + NEXT_DAY_MS).toISOString()));
  if (query.late) {
    const at = now.toISOString();
    const late = eb.or([
      eb.and([eb("orders.status", "in", ["paid", "in_progress"]), eb("orders.due_at", "<", at)]),
      eb.and([eb("orders.status", "=", "needs_info"), eb("orders.needs_info_since", ">", eb.ref("orders.due_at"))]),
    ]);
    where.push(query.late === "true" ? late : eb.not(late));
  }
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const number = ORDER_NUMBER.exec(q);
    if (number) where.push(eb("orders.number", "=", `SC-${number[1]!.padStart(6, "0")}`));
    // A writer never sees e-mails, so may not search by one either (it would tell whose orders they are).
    else if (actor.role === "writer") where.push(sql<SqlBool>`1 = 0`);
    else {
      // An email, or the beginning of one: a range on the unique email index (no LIKE, which PostgreSQL's index would not serve).
      const users = q.includes("@") && !q.endsWith("@")
        ? eb.selectFrom("users as c").select("c.id").where("c.email", "=", q)
        : eb.selectFrom("users as c").select("c.id").where("c.email", ">=", q).where("c.email", "<", `${q}\uffff`);
      where.push(eb("orders.user_id", "in", users));
    }
  }
  return where;
}

/** The order queue of the back office: filtered, sorted by due date, paged by keyset (docs/decisions/0032-…). */
export function createOrderQueue(db: Kysely<Database>, access: OrderAccessPolicy) {
  const page = async (query: AdminOrderQuery, actor: Actor, now: Date, executor: Kysely<Database> = db) => {
    const descending = query.sort === "-due";
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    let select = executor
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .leftJoin("users as w", "w.id", "orders.assigned_to")
      .select([
        "orders.id", "orders.number", "orders.status", "orders.user_id", "orders.created_at", "orders.due_at", "orders.needs_info_since", "orders.currency", "orders.total",
        "users.email", "users.first_name", "users.last_name", "orders.assigned_to", "w.first_name as w_first", "w.last_name as w_last",
      ])
      .where((eb) => eb.and(conditions(eb as unknown as Eb, query, actor, now, access)));
    if (after) {
      select = select.where((eb) => eb(eb.refTuple("orders.due_at", "orders.id"), descending ? "<" : ">", eb.tuple(after.dueAt, after.id)));
    }
    const rows = await select
      .orderBy("orders.due_at", descending ? "desc" : "asc")
      .orderBy("orders.id", descending ? "desc" : "asc")
      .limit(query.limit + 1)
      .execute();
    const shown = rows.slice(0, query.limit);
    const items = shown.length === 0
      ? []
      : await executor.selectFrom("order_items").select(["order_id", "product_id"]).where("order_id", "in", shown.map((row) => row.id)).orderBy("order_id").orderBy("position").execute();
    const servicesOf = new Map<string, ProductId[]>();
    for (const item of items) servicesOf.set(item.order_id, [...(servicesOf.get(item.order_id) ?? []), item.product_id as ProductId]);
    const orders: AdminOrderRow[] = shown.map((row) => {
      const level = access.accessOf({ user_id: row.user_id, assigned_to: row.assigned_to, status: row.status }, actor) ?? "pool";
      return {
      id: row.id,
      number: row.number,
      status: row.status,
      createdAt: row.created_at,
      dueAt: row.due_at,
      late: isLate({ status: row.status, due_at: row.due_at, needs_info_since: row.needs_info_since }, now),
      currency: row.currency as Currency,
      total: toMajor(Number(row.total)),
      // What the order page shows at this access (order-staff-view.ts): a writer never the e-mail, the pool no name.
      customerEmail: level === "full" ? row.email : null,
      customerName: level === "full" ? `${row.first_name} ${row.last_name}`.trim() : level === "work" ? row.first_name : "",
      writer: row.assigned_to ? { id: row.assigned_to, name: `${row.w_first ?? ""} ${row.w_last ?? ""}`.trim() } : null,
      services: servicesOf.get(row.id) ?? [],
      access: level,
      };
    });
    const last = shown.at(-1);
    return { orders, nextCursor: rows.length > query.limit && last ? encodeCursor({ dueAt: last.due_at, id: last.id }) : null };
  };

  return {
    page,

    /** Every row of the filtered queue, a page at a time (for the CSV export): memory stays one page whatever the total. */
    async *all(query: AdminOrderQuery, actor: Actor, now: Date): AsyncGenerator<AdminOrderRow> {
      let cursor: string | undefined;
      do {
        const next = await page({ ...query, cursor, limit: 500 }, actor, now);
        yield* next.orders;
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
    },

    /** The query plan of a page (for the bench): SQLite's EXPLAIN QUERY PLAN or PostgreSQL's EXPLAIN. */
    async plan(query: AdminOrderQuery, actor: Actor, now: Date, dialect: "sqlite" | "postgres"): Promise<string> {
      const compiled = db
        .selectFrom("orders")
        .innerJoin("users", "users.id", "orders.user_id")
        .leftJoin("users as w", "w.id", "orders.assigned_to")
        .select(["orders.id"])
        .where((eb) => eb.and(conditions(eb as unknown as Eb, query, actor, now, access)))
        .orderBy("orders.due_at")
        .orderBy("orders.id")
        .limit(query.limit + 1)
        .compile();
      const prefix = dialect === "sqlite" ? "explain query plan " : "explain ";
      const result = await sql.raw(prefix + inline(compiled.sql, compiled.parameters, dialect)).execute(db);
      return (result.rows as Array<Record<string, unknown>>).map((row) => String(row.detail ?? row["QUERY PLAN"] ?? JSON.stringify(row))).join("\n");
    },
  };
}

/** Puts the parameters into the SQL text for EXPLAIN (bench only; values come from the bench itself). */
function inline(text: string, parameters: readonly unknown[], dialect: "sqlite" | "postgres"): string {
  const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  if (dialect === "postgres") return text.replace(/\$(\d+)/g, (_match, index: string) => literal(parameters[Number(index) - 1]));
  let position = 0;
  return text.replace(/\?/g, () => literal(parameters[position++]));
}

export type OrderQueue = ReturnType<typeof createOrderQueue>;
