import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { BillingDetails } from "../../../contract/accounts";
import { orderBriefSchema } from "../../../contract/briefs";
import type { ProductId, ServiceId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor } from "../../../contract/money";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import type { OrderListEntry, PlaceOrderResponse, placeOrderRequestSchema } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { AuditSink } from "../../platform/staff-action";
import type { StoreMetrics } from "../../platform/metrics";
import type { Locale } from "../../i18n/messages";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { CatalogService } from "../catalog";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { FileStorage } from "../storage";
import type { WalletService } from "../wallet";
import { lockOpenAccount } from "../accounts";
import { addBusinessDays } from "./due-dates";
import { createOrderAccess } from "./order-access";
import { createOrderActions, type AuditWriter, LATE_JOB, REVIEW_END_JOB, REVIEW_REMINDER_JOB } from "./order-actions";
import { priceCart } from "./order-cart";
import { asResultFile, type Delivery, type ResultFile } from "./order-files";
import { recordEvent, type Actor } from "./order-lifecycle";
import { productName } from "../catalog";
import { confirmationMail } from "./order-mail";
import { createOrderQueue } from "./order-queue.repository";
import { staffOrderDetail, type UploadRules } from "./order-staff-view";
import { createOrdersDashboard } from "./order-dashboard.repository";
import { listEntry, orderDetail } from "./order-view";
import { createOrdersRepository, type OrderFileRow, type OrderItemRow, type OrderRow } from "./orders.repository";
import { createTransactionOpener } from "../../platform/transactions";
import type { People, StaffDirectory } from "./orders-ports";

export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

export interface OrdersDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  wallet: WalletService;
  mail: MailService;
  /** The account's own address: order mail goes there only; the billing email is printed on the order, never mailed. */
  accountEmail: (userId: string) => Promise<string | undefined>;
  /** Issues the invoice of each order and the credit note of each refund, in the transaction that moves the money. */
  documents: DocumentsService;
  /** Remembers the billing details an order was sent with, to prefill the next one (in the order's transaction). */
  rememberBilling?: (userId: string, billing: BillingDetails, trx: Kysely<Database>) => Promise<void>;
  storage: FileStorage;
  jobs: JobRunner;
  clock?: Clock;
  metrics?: Pick<StoreMetrics, "orderPlaced">;
  publicUrl: string;
  /** Where mail for staff goes when no writer is assigned. */
  staffEmail: string;
  /** The review window of a delivery in days (REVIEW_DAYS). */
  reviewDays?: number;
  /** Support tickets still open, for the dashboard. */
  ticketsOpen?: () => Promise<number>;
  /** Result uploads: UPLOAD_LIMIT_BYTES, UPLOAD_ALLOWED_TYPES and the most files per version. */
  upload?: UploadRules;
  /** Writers see and take unassigned paid orders from a pool (WRITER_POOL, default on). */
  writerPool?: boolean;
  /** Where every staff action is audited: each move on an order in its own transaction, and the CSV export. */
  staffAudit?: AuditSink;
  /** File types (extensions) a message may carry: ATTACHMENT_ALLOWED_TYPES. */
  attachmentTypes?: readonly string[];
  /** Names and e-mails of customers and staff (the accounts module's directory). */
  people: People;
  /** Who may be given an order (the staff module). */
  staffDirectory: StaffDirectory;
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
  const { orderFormData: _cart, currency: _currency, agreedToPP_TOS: _agreed, ...billing } = input;
  return billing;
}

export function orderNumber(seq: number): string {
  return `SC-${String(seq).padStart(6, "0")}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Orders: placing (priced by the server, paid from the balance in the same transaction that stores the order),
 * listing, the lifecycle paid → in_progress → delivered or cancelled (refunded through the ledger), and results.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, catalog, wallet, mail, jobs, documents } = deps;
  const clock = deps.clock ?? systemClock;
  const repository = createOrdersRepository(db);
  const transaction = createTransactionOpener(db);
  const briefSchema = async (productId: string) =>
    orderBriefSchema(productId as ProductId, (await catalog.servicesOf(productId as ProductId)) as ServiceId[]);
  const access = createOrderAccess({ writerPool: deps.writerPool ?? true });
  // Every staff move on an order is audited in its own transaction (who, from where, before and after).
  const staffAudit = deps.staffAudit;
  const audit: AuditWriter | undefined = staffAudit && ((trx, entry) =>
    staffAudit.record({
      actor: { id: entry.actor.id ?? "", role: entry.actor.role, address: entry.actor.ip ?? "" }, action: entry.action, subjectType: "order", subjectId: entry.orderId,
      before: entry.before, after: entry.after,
    }, trx));
  const actions = createOrderActions({ ...deps, audit, clock, reviewDays: deps.reviewDays ?? 7, briefSchema, access });
  jobs.register(REVIEW_END_JOB, (payload: { orderId: string; version: number }) => actions.autoComplete(payload.orderId, payload.version));
  jobs.register(REVIEW_REMINDER_JOB, (payload: { orderId: string; version: number }) => actions.remindReview(payload.orderId, payload.version));
  jobs.register(LATE_JOB, (payload: { orderId: string }) => actions.flagLate(payload.orderId));

  /** One attempt: number, debit, order and items (and the idempotency record) in one transaction. */
  const store = (
    userId: string,
    input: PlaceOrderInput,
    priced: Awaited<ReturnType<typeof priceCart>>,
    terms: { turnaroundDays: number; revisionRounds: number },
    locale: Locale,
    /** The account's own address: the confirmation goes there only, never to the billing email the client typed. */
    to: string | undefined,
    idempotency?: { key: string; hash: string },
    refusal?: () => DomainError | undefined,
  ) =>
    transaction(async (trx) => {
      // First: waits for a closing of the account in progress, and is refused (401) once it has committed.
      await lockOpenAccount(trx, userId);
      // The client may have left, or waited too long, while this waited for a connection: then nothing is debited for an
      // answer nobody reads.
      refuseIf(refusal);
      const seq = await repository.nextSeq(trx);
      const number = orderNumber(seq);
      const paid = await wallet.debit(trx, { userId, currency: input.currency, amount: priced.total, kind: "order", reference: number });
      if (!paid) throw new BalanceShort();
      const placedAt = clock.now();
      const now = placedAt.toISOString();
      const id = randomUUID();
      const dueAt = addBusinessDays(placedAt, terms.turnaroundDays).toISOString();
      const { orderFormData: _cart, currency, ...billing } = input;
      await repository.insert(
        {
          id, seq, number, user_id: userId, status: "paid", currency, total: priced.total,
          billing_json: JSON.stringify(billing), locale, created_at: now, updated_at: now,
          due_at: dueAt, needs_info_since: null, resume_status: null, revision_rounds: terms.revisionRounds, revisions_used: 0,
          assigned_to: null, delivered_at: null, review_ends_at: null, completed_at: null,
        },
        priced.items.map((item, position) => ({ order_id: id, position, product_id: item.productId, price: item.price, brief_json: JSON.stringify(item.brief) })),
        trx,
      );
      await recordEvent(trx, { order_id: id, at: now, actor_id: userId, actor_role: "customer", kind: "status", from_status: null, to_status: "paid", note: "" });
      await actions.scheduleLate(trx, id, dueAt);
      // The invoice takes the next number of its series in this transaction: an order rolled back takes none.
      const lines = priced.items.map((item) => ({ description: productName(item.productId, locale), amount: item.price }));
      const invoice = await documents.issueInvoice(trx, { userId, orderId: id, orderNumber: number, currency, locale, billing, lines });
      if (to) {
        const confirmation = confirmationMail(to, { number, currency, total: priced.total, items: priced.items, dueAt }, locale, deps.publicUrl);
        await mail.send(documents.attached(confirmation, invoice, locale), trx);
      }
      const response: PlaceOrderResponse = { id, number, status: "paid", total: toMajor(priced.total), currency };
      if (idempotency) {
        await repository.saveIdempotent({ user_id: userId, key: idempotency.key, request_hash: idempotency.hash, response_json: JSON.stringify(response), created_at: now }, trx);
      }
      // The billing details prefill the next deposit or order. Here, not after the commit: the account's row is locked
      // by this transaction already, while after it the update queued behind every other order of the account and the
      // answer waited seconds under overload, past its client's patience (issue 22).
      await deps.rememberBilling?.(userId, billingToRemember(input), trx);
      // And again before the commit: the debit and the invoice number wait for row locks other orders hold, seconds
      // under overload, and a client that gave up (or soon will) must not pay (the fault run's overload row found 51).
      refuseIf(refusal);
      return response;
    });

  /** The stored answer for this key, or null; the same key with another body is a 409. */
  const replay = async (userId: string, idempotency: { key: string; hash: string }): Promise<PlaceOrderResponse | null> => {
    const stored = await repository.findIdempotent(userId, idempotency.key);
    if (!stored) return null;
    if (stored.request_hash !== idempotency.hash) throw DomainError.conflict("orders.idempotencyKeyReused");
    return JSON.parse(stored.response_json) as PlaceOrderResponse;
  };

  const shortfall = async (userId: string, currency: Currency, total: number): Promise<number> => total - (await wallet.balance(userId, currency));

  const service = {
    /**
     * Places an order for `userId`. With an idempotency key the first successful answer is kept and returned again
     * for a retry with the same body, without a second order (a refused request is not kept: it can be retried).
     */
    async place(
      userId: string,
      input: PlaceOrderInput,
      options: {
        locale: Locale;
        idempotencyKey?: string;
        /** Why the order must not be committed now (its client has left, or waited too long), if so: nothing is placed then. */
        refusal?: () => DomainError | undefined;
      },
    ): Promise<PlaceOrderResponse> {
      const idempotency = options.idempotencyKey
        ? { key: options.idempotencyKey, hash: createHash("sha256").update(JSON.stringify(input)).digest("hex") }
        : undefined;
      if (idempotency) {
        const earlier = await replay(userId, idempotency);
        if (earlier) return earlier;
      }
      const priced = await priceCart(catalog, input.orderFormData, input.currency);
      const terms = await catalog.orderTerms(priced.items.map((item) => item.productId));
      const accountAddress = await deps.accountEmail(userId);
      for (let attempt = 1; ; attempt++) {
        try {
          refuseIf(options.refusal);
          const response = await store(userId, input, priced, terms, options.locale, accountAddress, idempotency, options.refusal);
          deps.metrics?.orderPlaced(input.currency);
          jobs.wake();
          return response;
        } catch (error) {
          if (error instanceof BalanceShort) {
            const missing = await shortfall(userId, input.currency, priced.total);
            // A deposit landing between the refused debit and this check: try again rather than report "short by 0".
            if (missing <= 0 && attempt < MAX_PLACING_ATTEMPTS) continue;
            const amount = formatMoney({ minor: Math.max(missing, 1), currency: input.currency }, options.locale);
            throw DomainError.field("", "orders.balanceShort", { currency: input.currency, missing: amount });
          }
          // A concurrent request with the same idempotency key won: answer what it stored.
          const earlier = idempotency ? await replay(userId, idempotency) : null;
          if (earlier) return earlier;
          throw error;
        }
      }
    },

    /** A page of the caller's orders, newest first (CONTRACT §4), and the cursor of the next page when there is one. */
    async list(userId: string, page: { limit: number; cursor?: string } = { limit: 50 }): Promise<{ orders: OrderListEntry[]; nextCursor: string | null }> {
      const { page: rows, items, files, more } = await repository.listPage(userId, page.limit, page.cursor === undefined ? undefined : Number(page.cursor));
      const itemsOf = new Map<string, OrderItemRow[]>();
      for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
      const fileOf = new Map<string, OrderFileRow>(files.map((file) => [file.order_id, file]));
      const now = clock.now();
      return {
        orders: rows.map((row) => listEntry(row, itemsOf.get(row.id) ?? [], fileOf.get(row.id), now)),
        nextCursor: more && rows.length > 0 ? String(rows.at(-1)!.seq) : null,
      };
    },

    /** An order by id or by number (`SC-000042`), for staff tools and scripts. */
    async find(reference: string): Promise<OrderRow | undefined> {
      const trimmed = reference.trim();
      if (/^sc-\d+$/i.test(trimmed)) return repository.findByNumber(trimmed.toUpperCase());
      return UUID.test(trimmed) ? repository.findById(trimmed.toLowerCase()) : undefined;
    },

    /** The order page for `actor` (by id or number); 404 when it is not theirs to work on (a writer's pool item too). */
    async detail(reference: string, actor: Actor): Promise<OrderDetail> {
      const found = await service.find(reference);
      if (!found) throw DomainError.notFound();
      const { order } = await actions.lookup(found.id, actor);
      return orderDetail(repository, order, actor, clock.now());
    },

    /** Resolves a reference (id or number) to the order id `actor` may act on (`see`: a pool item too), or 404. */
    async idFor(reference: string, actor: Actor, need: "see" | "work" = "work"): Promise<string> {
      const found = await service.find(reference);
      if (!found) throw DomainError.notFound();
      return (await actions.lookup(found.id, actor, need)).order.id;
    },

    /** Who sees which order (order-access.ts), for the routes that answer differently per access. */
    access,

    actions,

    now: () => clock.now(),

    /** The back office's order queue (filters, keyset pages, every row for the CSV export). */
    queue: createOrderQueue(db, access, deps.people),

    dashboard: createOrdersDashboard({ db, clock, access, ticketsOpen: deps.ticketsOpen ?? (async () => 0), wallet }),

    upload: deps.upload ?? { limitBytes: 100 * 1024 * 1024, allowedTypes: ["pdf", "docx", "txt"], maxFiles: 10 },

    /** The order page as staff see it (by id or number), cut to what the caller's access shows; 404 when a writer may not see it. */
    async staffDetail(reference: string, actor: Actor) {
      const found = await service.find(reference);
      if (!found) throw DomainError.notFound();
      const { order, access: level } = await actions.lookup(found.id, actor, "see");
      return staffOrderDetail({ people: deps.people, wallet }, repository, order, actor, level, clock.now(), service.upload);
    },

    /** Audits a CSV export of the queue: who, when, from where, with which filters, how many rows. */
    async recordExport(actor: Actor, filters: Record<string, unknown>, rows: number): Promise<void> {
      await deps.staffAudit?.record({
        actor: { id: actor.id ?? "", role: actor.role, address: actor.ip ?? "" },
        action: "order.export",
        subjectType: "order-export",
        subjectId: "orders-csv",
        before: null,
        after: { filters, rows },
      });
    },

    /** Active staff who can be given an order, by name. */
    async staff() {
      // Deactivated colleagues are not offered (their sign-ins ended with the deactivation).
      const rows = await deps.staffDirectory.activeMembers();
      return rows.map((row) => ({ id: row.id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim() || row.email, role: row.role }));
    },

    /**
     * The latest version's first file of an order `who` may work on (order-access.ts: a customer's own, a writer's
     * assigned one), or null (unknown id, not theirs, nothing delivered). A bare user id is that customer.
     */
    async resultFor(who: Actor | string, orderId: string): Promise<ResultFile | null> {
      if (!UUID.test(orderId)) return null;
      const actor: Actor = typeof who === "string" ? { id: who, role: "customer" } : who;
      const order = await access.lookup(db, orderId.toLowerCase(), actor).then(
        (found) => found.order,
        (error: unknown) => {
          if (error instanceof DomainError && error.kind === "not_found") return undefined;
          throw error;
        },
      );
      if (!order) return null;
      const [file] = await repository.latestFirstFiles([order.id]);
      return file ? asResultFile(file) : null;
    },

    /**
     * Delivers `delivery` as a new version from a staff tool (scripts/deliver-result.ts, the demo): an order not yet
     * started is started first, as the admin would.
     */
    async deliver(orderId: string, delivery: Delivery): Promise<ResultFile> {
      const admin: Actor = { id: null, role: "admin" };
      const order = await repository.findById(orderId);
      if (!order) throw DomainError.notFound();
      if (order.status === "paid") await actions.start(orderId, admin);
      const { files } = await actions.deliver(orderId, admin, [delivery]);
      return files[0]!;
    },

    hasOrders: (userId: string) => repository.hasOrders(userId),
    /** The customer's newest `limit` orders, for the back office's customers page. */
    recentOf: (userId: string, limit: number) => repository.recentOf(userId, limit),
    /** Orders not yet completed or cancelled: a customer with one cannot close the account yet. */
    hasOpenOrders: (userId: string, trx?: Kysely<Database>) => repository.hasOpenOrders(userId, trx),
    /** Account closing: the orders keep their numbers and totals, lose their billing fields, briefs and messages. */
    forgetPersonalData: (userId: string, trx?: Kysely<Database>) => repository.forgetPersonalData(userId, trx),
    /** The data export: every order of the customer with its briefs and the messages they can see, oldest first. */
    async exportFor(userId: string): Promise<Array<OrderDetail & { billing: Record<string, unknown> }>> {
      const rows = await repository.allOf(userId);
      const now = clock.now();
      const customer: Actor = { id: userId, role: "customer" };
      return Promise.all(rows.map(async (row) => ({ ...(await orderDetail(repository, row, customer, now)), billing: JSON.parse(row.billing_json) as Record<string, unknown> })));
    },

  };
  return service;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
