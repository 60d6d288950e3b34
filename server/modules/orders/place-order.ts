import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { BillingDetails } from "../../../contract/accounts";
import { formatMoney, toMajor } from "../../../contract/money";
import type { PlaceOrderResponse, placeOrderRequestSchema } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { StoreMetrics } from "../../platform/metrics";
import type { TransactionOpener } from "../../platform/transactions";
import { type AccountHeld, lockOpenAccount } from "../accounts";
import type { CatalogService } from "../catalog";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { WalletService } from "../wallet";
import { addBusinessDays } from "./due-dates";
import { codeCart, isFirstOrder, paidItems, priceOrder, type PricedOrder } from "./order-pricing";
import { refreshOrder, type OrderSummary } from "./deliverables.repository";
import { planDeliverables, type PlannedDeliverable } from "./deliverable-plan";
import { insertPaidDeliverables } from "./paid-deliverables";
import { writerWishes } from "./writer-wishes";
import { searchIndexJob } from "./order-search-index";
import { confirmationMail } from "./order-mail";
import { invoiceLines } from "./order-invoice-lines";
import { type Idempotency, idempotencyOf, keepAnswer, replay } from "./order-idempotency";
import type { People, PromotionCheckout, StaffDirectory, StaffNotifier } from "./orders-ports";
import type { OrdersRepository } from "./orders.repository";

export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

export interface PlaceOrderOptions {
  locale: Locale;
  idempotencyKey?: string;
  /** Why the order must not be committed now (its client has left, or waited too long), if so: nothing is placed then. */
  refusal?: () => DomainError | undefined;
  /** The order waiting for the deposit that paid its shortfall (pay-the-difference.ts). */
  pending?: PendingPlacing;
}

/** Placing an order a deposit paid for: at the price the buyer saw, once however many confirmations arrive. */
export interface PendingPlacing {
  /** Minor units: the cart's total when the buyer started paying; another total now throws PricesChanged. */
  total: number;
  /** Takes the waiting order in the placing transaction, first thing after the account's lock; false when taken before. */
  claim(trx: Kysely<Database>): Promise<boolean>;
  placed(trx: Kysely<Database>, response: PlaceOrderResponse): Promise<void>;
}

/** The waiting order was placed or refused by another confirmation: nothing done. */
export class AlreadySettled extends Error {}

/** The catalog's prices moved since the buyer started paying: nothing placed. */
export class PricesChanged extends Error {}

/** What placing an order (pricing it and paying it from the balance) needs. */
export interface PlaceOrderDeps {
  db: Kysely<Database>;
  repository: OrdersRepository;
  transaction: TransactionOpener;
  catalog: CatalogService;
  wallet: WalletService;
  /** Issues the invoice of the order in the transaction that debits the balance. */
  documents: DocumentsService;
  mail: MailService;
  jobs: JobRunner;
  clock: Clock;
  publicUrl: string;
  metrics?: Pick<StoreMetrics, "orderPlaced">;
  /** Managers and admins hear of the new work in the placing transaction (the notifications module's port). */
  notifier?: StaffNotifier;
  /** Promotion codes: what a code takes off, and one of its uses taken in the placing transaction (the promotions module's port). */
  promotions?: PromotionCheckout;
  /** The customer's name for the queue's sort key (the accounts module's directory). */
  people: Pick<People, "byId">;
  /** Whether a favourite writer asked for is active (the staff module): their work is assigned to them at once. */
  staffDirectory?: Pick<StaffDirectory, "activeMember">;
  /** Rush deliveries one day may be due on (RUSH_CAPACITY_PER_DAY); a full day moves a rush to the next free one. */
  rushCapacity?: number;
}

/** Thrown inside the placing transaction when the balance does not cover the total, to roll it back. */
class BalanceShort extends Error {}

const MAX_PLACING_ATTEMPTS = 3;

/** Throws the reason an order must not be committed now, if there is one. */
function refuseIf(refusal: (() => DomainError | undefined) | undefined): void {
  const reason = refusal?.();
  if (reason) throw reason;
}

/** The billing details of an order, as remembered for the next one: without the cart, the currency and the consent. */
function billingToRemember(input: PlaceOrderInput): BillingDetails {
  const { agreedToPP_TOS: _agreed, ...billing } = billingOf(input);
  return billing;
}

/** The billing details of an order as stored with it and printed on its invoice: the request less the cart and the currency. */
function billingOf(input: PlaceOrderInput) {
  const { orderFormData: _cart, currency: _currency, promoCode: _code, ...billing } = input;
  return billing;
}

export function orderNumber(seq: number): string {
  return `SC-${String(seq).padStart(6, "0")}`;
}

/** One placing as the store receives it, priced and with the order's terms and the confirmation's address known. */
interface Placing {
  userId: string;
  input: PlaceOrderInput;
  priced: PricedOrder;
  terms: { turnaroundDays: number; revisionRounds: number };
  /** One per service, with its share and its own clock (deliverable-plan.ts). */
  deliverables: PlannedDeliverable[];
  locale: Locale;
  idempotency?: Idempotency;
  refusal?: () => DomainError | undefined;
  pending?: PendingPlacing;
}

/**
 * Places an order for `userId`: priced by the server, paid from the balance in the same transaction that stores it.
 * With an idempotency key the first successful answer is kept and returned again for a retry with the same body,
 * without a second order (a refused request is not kept: it can be retried).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  userId: string,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResponse> {
  const idempotency = idempotencyOf(options.idempotencyKey, input);
  if (idempotency) {
    const earlier = await replay(deps.repository, userId, idempotency);
    if (earlier) return earlier;
  }
  const priced = await priceOrder(deps, userId, input, options.locale);
  if (options.pending && priced.total !== options.pending.total) throw new PricesChanged();
  const terms = await deps.catalog.orderTerms(priced.items.map((item) => item.productId));
  // Each deliverable carries what was paid for it: its line's price less the line's share of the discount.
  const deliverables = await planDeliverables(deps.catalog, paidItems(priced), input.currency);
  const placing: Placing = {
    userId,
    input,
    priced,
    terms,
    deliverables,
    locale: options.locale,
    idempotency,
    refusal: options.refusal,
    pending: options.pending,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      refuseIf(options.refusal);
      const response = await storeOrder(deps, placing);
      deps.metrics?.orderPlaced(input.currency);
      deps.jobs.wake();
      return response;
    } catch (error) {
      if (error instanceof BalanceShort) {
        const missing = priced.total - (await deps.wallet.balance(userId, input.currency));
        // A deposit landing between the refused debit and this check: try again rather than report "short by 0".
        if (missing <= 0 && attempt < MAX_PLACING_ATTEMPTS) continue;
        const amount = formatMoney({ minor: Math.max(missing, 1), currency: input.currency }, options.locale);
        throw DomainError.field("", "orders.balanceShort", { currency: input.currency, missing: amount });
      }
      // A concurrent request with the same idempotency key won: answer what it stored.
      const earlier = idempotency ? await replay(deps.repository, userId, idempotency) : null;
      if (earlier) return earlier;
      throw error;
    }
  }
}

/**
 * One attempt: number, order, debit, confirmation, deliverables, idempotency record and invoice in one transaction.
 * The invoice series' row, which every order waits for, is taken last, in one statement sent with the commit.
 * Issue 27: taken before the confirmation mail and the idempotency record, with 50 orders at once on PostgreSQL, it
 * made each order wait 25 ms for the series (now 6 ms), and 13 ms for the account's row held meanwhile (now 1 ms).
 */
function storeOrder(deps: PlaceOrderDeps, placing: Placing): Promise<PlaceOrderResponse> {
  const { userId, input, priced, refusal } = placing;
  return deps.transaction(async (trx) => {
    // The client may have left, or waited too long, while this waited for a connection: then nothing is debited for an
    // answer nobody reads.
    refuseIf(refusal);
    const seq = await deps.repository.nextSeq(trx);
    const placedAt = deps.clock.now();
    const order = { seq, id: randomUUID(), number: orderNumber(seq), placedAt };
    // Waits for a closing of the account in progress, and is refused (401) once it has committed. Before any row that
    // refers to the account: the order's reference would hold the key of the row the closing rewrites (a deadlock).
    // The billing details it was sent with prefill the next deposit or order: written with the lock, whose row this
    // transaction holds anyway (after the commit the write queued behind every other order of the account: issue 22).
    const account = await lockOpenAccount(trx, userId, { billing: billingToRemember(input), at: placedAt.toISOString() });
    refuseIf(refusal);
    await insertOrder(deps, trx, placing, order);
    if (placing.pending && !(await placing.pending.claim(trx))) throw new AlreadySettled();
    await redeemCode(deps, trx, placing, order.id);
    const paid = await deps.wallet.debit(trx, {
      userId,
      currency: input.currency,
      amount: priced.total,
      kind: "order",
      reference: order.number,
    });
    if (!paid) throw new BalanceShort();
    const response = await recordPaidOrder(deps, trx, placing, { ...order, account });
    await placing.pending?.placed(trx, response.answer);
    // Before the commit: the debit waited for row locks other orders hold, seconds under overload, and a client that
    // gave up (or soon will) must not pay (the fault run's overload row found 51).
    refuseIf(refusal);
    // The invoice takes the next number of its series last, with the commit: an order rolled back takes none, and on
    // PostgreSQL the series' row, which every order waits for, is held for PostgreSQL's own work alone.
    await deps.documents.issueInvoice(trx, {
      id: response.invoiceId,
      userId,
      orderId: order.id,
      orderNumber: order.number,
      currency: input.currency,
      locale: placing.locale,
      billing: billingOf(input),
      lines: invoiceLines(priced, placing.locale),
    });
    return response.answer;
  });
}

/** A new order's summary of its work, before its deliverables are known (refreshOrder corrects what differs). */
function placedSummary(now: string, dueAt: string, revisionRounds: number): OrderSummary {
  return {
    status: "paid",
    updated_at: now,
    due_at: dueAt,
    needs_info_since: null,
    resume_status: null,
    revision_rounds: revisionRounds,
    revisions_used: 0,
    assigned_to: null,
    delivered_at: null,
    review_ends_at: null,
    completed_at: null,
  };
}

interface NewOrder {
  seq: number;
  id: string;
  number: string;
  placedAt: Date;
}

/** The order with its items and first event. */
async function insertOrder(deps: PlaceOrderDeps, trx: Kysely<Database>, placing: Placing, order: NewOrder): Promise<void> {
  const { userId, input, priced, terms, locale } = placing;
  const now = order.placedAt.toISOString();
  const dueAt = addBusinessDays(order.placedAt, terms.turnaroundDays).toISOString();
  await deps.repository.insert(
    {
      id: order.id,
      seq: order.seq,
      number: order.number,
      user_id: userId,
      currency: input.currency,
      total: priced.total,
      discount: priced.promotion?.discount ?? 0,
      promo_code: priced.promotion?.code ?? null,
      billing_json: JSON.stringify(billingOf(input)),
      locale,
      created_at: now,
      ...placedSummary(now, dueAt, terms.revisionRounds),
    },
    priced.items.map((item, position) => ({
      order_id: order.id,
      position,
      product_id: item.productId,
      price: item.price,
      brief_json: JSON.stringify(item.brief),
    })),
    { order_id: order.id, deliverable_id: null, at: now, actor_id: userId, actor_role: "customer", kind: "status", from_status: null, to_status: "paid", note: "" },
    trx,
  );
}

/**
 * The paid order's confirmation (attaching the invoice issued after it), deliverables and late checks (scheduled with
 * the confirmation's job) and idempotency record; the answer, and the id the invoice is to have.
 */
async function recordPaidOrder(
  deps: PlaceOrderDeps,
  trx: Kysely<Database>,
  placing: Placing,
  order: NewOrder & { account: AccountHeld },
): Promise<{ answer: PlaceOrderResponse; invoiceId: string }> {
  const { userId, input, priced, terms, locale, idempotency } = placing;
  const { id, number, placedAt, account } = order;
  const now = placedAt.toISOString();
  const dueAt = addBusinessDays(placedAt, terms.turnaroundDays).toISOString();
  const wishes = await writerWishes(trx, userId, input.orderFormData);
  // To the account's own address, as the lock read it: never to the billing email the client typed. The invoice is
  // attached by the id it will be issued with; its PDF and number are rendered with the mail, after the commit.
  const invoiceId = randomUUID();
  const confirmation = confirmationMail(
    account.email,
    { number, currency: input.currency, total: priced.total, items: priced.items, dueAt, ...(priced.promotion ? { discount: { code: priced.promotion.code, amount: priced.promotion.discount } } : {}) },
    locale,
    deps.publicUrl,
  );
  // The mail's job, and on SQLite the batch that puts the order's search rows (number, briefs) into the full-text
  // index, are scheduled with the deliverables' late checks: one statement.
  const mailJobs = await deps.mail.queue(deps.documents.attached(confirmation, { id: invoiceId }), trx);
  const alongside = [...mailJobs, ...searchIndexJob(trx, deps.clock)];
  const paid = { id, number, total: priced.total, customerId: userId, customerName: account };
  const stored = await insertPaidDeliverables(deps, trx, paid, placing.deliverables, placedAt, wishes, alongside);
  // The summary of the deliverables just inserted: written only where it differs from the order's row.
  await refreshOrder(trx, id, now, placedSummary(now, dueAt, terms.revisionRounds), stored);
  const answer: PlaceOrderResponse = { id, number, status: "paid", total: toMajor(priced.total), currency: input.currency };
  if (idempotency) await keepAnswer(deps.repository, trx, userId, idempotency, answer, now);
  return { answer, invoiceId };
}

/** The code's use, taken in the placing transaction after the account's lock: checked again, the cap held by one conditional update. */
async function redeemCode(deps: PlaceOrderDeps, trx: Kysely<Database>, placing: Placing, orderId: string): Promise<void> {
  const { priced, input, userId, locale } = placing;
  if (!priced.promotion || !input.promoCode) return;
  if (!deps.promotions) throw new Error("promotion codes need the promotions module");
  // The order being placed is already stored: it does not count.
  const user = { userId, firstOrder: await isFirstOrder(trx, userId, orderId) };
  const order = { id: orderId, expected: priced.promotion.discount };
  await deps.promotions.redeem(trx, input.promoCode, codeCart(priced.items, input.currency), user, order, locale);
}
