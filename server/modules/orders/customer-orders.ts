import type { Kysely } from "kysely";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import type { OrderListEntry } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { DeliverableRow } from "./deliverables.repository";
import type { Actor } from "./order-lifecycle";
import type { OrderFileRow, OrderItemRow, RecentOrderRow } from "./order-rows";
import { listEntry, orderDetail } from "./order-view";
import type { OrdersRepository } from "./orders.repository";

export type ExportedOrder = OrderDetail & { billing: Record<string, unknown> };

/** A customer's orders as a whole: their list, their data export, and what closing the account asks of them. */
export interface CustomerOrders {
  /** A page of the caller's orders, newest first (CONTRACT §4), and the cursor of the next page when there is one. */
  list(
    userId: string,
    page?: { limit: number; cursor?: string },
  ): Promise<{ orders: OrderListEntry[]; nextCursor: string | null }>;
  /** The data export: every order of the customer with its briefs and the messages they can see, oldest first. */
  exportFor(userId: string): Promise<ExportedOrder[]>;
  hasOrders(userId: string): Promise<boolean>;
  /** The customer's newest `limit` orders, for the back office's customers page. */
  recentOf(userId: string, limit: number): Promise<RecentOrderRow[]>;
  /** Orders not yet completed or cancelled: a customer with one cannot close the account yet. */
  hasOpenOrders(userId: string, trx?: Kysely<Database>): Promise<boolean>;
  /** Account closing: the orders keep their numbers and totals, lose their billing fields, briefs and messages. */
  forgetPersonalData(userId: string, trx?: Kysely<Database>): Promise<void>;
}

type CustomerOrdersDeps = { repository: OrdersRepository; clock: Clock };

export function createCustomerOrders(deps: CustomerOrdersDeps): CustomerOrders {
  const { repository } = deps;
  return {
    list: (userId, page = { limit: 50 }) => listOrders(deps, userId, page),
    exportFor: (userId) => exportOrders(deps, userId),
    hasOrders: (userId) => repository.hasOrders(userId),
    recentOf: (userId, limit) => repository.recentOf(userId, limit),
    hasOpenOrders: (userId, trx) => repository.hasOpenOrders(userId, trx),
    forgetPersonalData: (userId, trx) => repository.forgetPersonalData(userId, trx),
  };
}

/** One page: only the listed columns, then the items and the latest version's first file of those orders. */
export async function listOrders(
  deps: CustomerOrdersDeps,
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<{ orders: OrderListEntry[]; nextCursor: string | null }> {
  const { repository } = deps;
  const rows = await repository.pageOf(userId, page.limit, page.cursor === undefined ? undefined : Number(page.cursor));
  const listed = rows.slice(0, page.limit);
  const ids = listed.map((row) => row.id);
  const [items, files, works] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([repository.itemsOf(ids), repository.latestFirstFiles(ids), repository.deliverablesOf(ids)]);
  const itemsOf = new Map<string, OrderItemRow[]>();
  for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
  const fileOf = new Map<string, OrderFileRow>(files.map((file) => [file.order_id, file]));
  const worksOf = new Map<string, DeliverableRow[]>();
  for (const work of works) worksOf.set(work.order_id, [...(worksOf.get(work.order_id) ?? []), work]);
  const now = deps.clock.now();
  const last = listed.at(-1);
  return {
    orders: listed.map((row) => listEntry(row, itemsOf.get(row.id) ?? [], worksOf.get(row.id) ?? [], fileOf.get(row.id), now)),
    nextCursor: rows.length > page.limit && last ? String(last.seq) : null,
  };
}

export async function exportOrders(deps: CustomerOrdersDeps, userId: string): Promise<ExportedOrder[]> {
  const rows = await deps.repository.allOf(userId);
  const now = deps.clock.now();
  const customer: Actor = { id: userId, role: "customer" };
  return Promise.all(
    rows.map(async (row) => ({
      ...(await orderDetail(deps.repository, row, customer, now)),
      billing: JSON.parse(row.billing_json) as Record<string, unknown>,
    })),
  );
}
