import type { Currency } from "../../../contract/currency";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { PlaceOrderResponse } from "../../../contract/orders";
import type { Locale } from "../../i18n/messages";
import type { RushOffer } from "../catalog";
import type { CustomerOrders } from "./customer-orders";
import type { CustomerOrderFacts } from "./customer-facts.repository";
import type { OrderAccessPolicy } from "./order-access";
import type { OrderHandOver } from "./order-handover";
import type { OrderActions } from "./order-actions";
import type { OrdersDashboard } from "./order-dashboard.repository";
import type { Delivery, ResultFile } from "./order-files";
import type { Actor } from "./order-lifecycle";
import type { OrderLookup } from "./order-lookup";
import type { OrderQueue } from "./order-queue.repository";
import type { UploadRules } from "./order-staff-view";
import type { StaffMember } from "./order-staff-tools";
import type { PayTheDifference } from "./pay-the-difference";
import type { FavouriteWriters } from "./favourite-writers";
import type { PlaceOrderInput, PlaceOrderOptions } from "./place-order";
import type { StaffFileLinks } from "./staff-file-links";

export type { PlaceOrderInput } from "./place-order";

/**
 * The orders module's public service (built by orders-module.ts): placing an order (priced by the server, paid from
 * the balance in the same transaction that stores it, place-order.ts), a customer's orders (customer-orders.ts),
 * finding and showing one (order-lookup.ts), the work on it: moves, versions, messages, refunds (`actions`,
 * order-actions.ts), and the back office's queue and dashboard.
 */
export interface OrdersService extends CustomerOrders, OrderLookup {
  /** What a rush placed now takes while a coming day's rush capacity is full (POST /api/prices). */
  rushOffer: RushOffer;
  /** What the back office's customer records read of a customer's orders: open paid work, spend, an order by number. */
  customerFacts: CustomerOrderFacts;
  /**
   * Places an order for `userId`. With an idempotency key the first successful answer is kept and returned again
   * for a retry with the same body, without a second order (a refused request is not kept: it can be retried).
   */
  place(userId: string, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlaceOrderResponse>;
  /**
   * What a promotion code takes off a cart of these products (minor units), for a signed-in buyer or a visitor (null:
   * the rules about the buyer wait for the order); throws the field error on promoCode that says why it does not apply.
   */
  quoteCode(
    userId: string | null,
    code: string,
    lines: ReadonlyArray<{ productId: string; options: readonly string[] }>,
    currency: Currency,
    locale: Locale,
  ): Promise<{ code: string; subtotal: number; discount: number; total: number }>;
  /** When the balance is short: one deposit of the shortfall, and the order placed once it is paid. */
  payTheDifference: PayTheDifference;
  /** The writer you liked (issue 28): a buyer's favourite writers, by display name. */
  favourites: FavouriteWriters;
  /** Who sees which order (order-access.ts), for the routes that answer differently per access. */
  access: OrderAccessPolicy;
  /** The work on an order: every move of LIFECYCLE.md, its messages, deliveries and timed work. */
  actions: OrderActions;
  now(): Date;
  /** The back office's order queue (filters, keyset pages, every row for the CSV export). */
  queue: OrderQueue;
  /** A person's name changed or was erased (the accounts module's port): the queue's sort keys follow, in `trx`. */
  renamePerson(trx: Kysely<Database>, userId: string, person: { first_name: string; last_name: string }): Promise<void>;
  dashboard: OrdersDashboard;
  /** Short-lived signed links to a delivered file, for a staff member's new tab (staff-file-links.ts). */
  fileLinks: StaffFileLinks;
  /** A leaving colleague's open work: what they hold, and handing it over in the deactivation's transaction. */
  handOver: OrderHandOver;
  /** Result uploads: the size limit, the allowed types and the most files per version. */
  upload: UploadRules;
  /** Audits a CSV export of the queue: who, when, from where, with which filters, how many rows. */
  recordExport(actor: Actor, filters: Record<string, unknown>, rows: number): Promise<void>;
  /** Active staff who can be given an order, by name. */
  staff(): Promise<StaffMember[]>;
  /** Order numbers by order id (the audit log names orders by number); unknown ids are left out. */
  numbersOf(ids: readonly string[]): Promise<Map<string, string>>;
  /** Minor units refunded per order (its deliverables' refunds), by order id; orders without refunds are left out. */
  refundedOf(ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Delivers a version of deliverable `n` (needed when several are open) from a staff tool (scripts/deliver-result.ts,
   * the demo), starting the order first if need be.
   */
  deliver(orderId: string, delivery: Delivery, n?: number): Promise<ResultFile>;
}
