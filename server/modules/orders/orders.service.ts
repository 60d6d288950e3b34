import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { ProductId } from "../../../contract/catalog";
import type { BillingDetails } from "../../../contract/accounts";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor } from "../../../contract/money";
import type { OrderListEntry, OrderStatus, PlaceOrderResponse, placeOrderRequestSchema } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import { ApiError } from "../../http/api-error";
import { DomainError } from "../../platform/domain-error";
import type { Locale } from "../../i18n/messages";
import type { CatalogService } from "../catalog/catalog.service";
import type { DocumentsService } from "../documents/documents.service";
import type { MailService } from "../mail/mail.service";
import type { FileStorage } from "../storage/storage";
import type { WalletService } from "../wallet/wallet.service";
import { ensureDemoData } from "./demo-data";
import { priceCart } from "./order-cart";
import { confirmationMail, productName } from "./order-mail";
import { createOrderResults } from "./order-results";
import { ordersRepository as repository, type OrderRow } from "./orders.repository";

export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

export interface OrdersDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  wallet: WalletService;
  mail: MailService;
  documents: DocumentsService;
  /** Remembers the billing details an order was sent with, to prefill the next one. */
  rememberBilling?: (userId: string, billing: BillingDetails) => Promise<void>;
  storage: FileStorage;
  publicUrl: string;
  /** DEMO_DATA: `prepare()` makes sure the demo customer and its delivered order exist. */
  demoData?: boolean;
  /** Where failures that must not fail the request (a confirmation mail) are reported. */
  logError?: (error: unknown, message: string) => void;
}

/** Thrown inside the placing transaction when the balance does not cover the total, to roll it back. */
class BalanceShort extends Error {}

const MAX_PLACING_ATTEMPTS = 3;

export function orderNumber(seq: number): string {
  return `SC-${String(seq).padStart(6, "0")}`;
}

function wrongStatus(status: OrderStatus): DomainError {
  return DomainError.conflict("orders.wrongStatus", { status });
}

/**
 * Orders: placing (priced by the server, paid from the balance in the same transaction that stores the order),
 * listing, the lifecycle paid → in_progress → delivered or cancelled (refunded through the ledger), and results.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, catalog, wallet, mail, documents } = deps;
  const logError = deps.logError ?? ((error, message) => console.error(message, error));
  const results = createOrderResults({ ...deps, logError });

  /** One attempt: number, debit, order and items (and the idempotency record) in one transaction. */
  const store = (userId: string, input: PlaceOrderInput, priced: Awaited<ReturnType<typeof priceCart>>, locale: Locale, idempotency?: { key: string; hash: string }) =>
    wallet.transaction(async (trx) => {
      const seq = await repository.nextSeq(trx);
      const number = orderNumber(seq);
      const paid = await wallet.debit(trx, { userId, currency: input.currency, amount: priced.total, kind: "order", reference: number });
      if (!paid) throw new BalanceShort();
      const now = nowIso();
      const id = randomUUID();
      // Stored with the agreement to the terms, as sent.
      const { orderFormData: _cart, currency, ...billing } = input;
      await repository.insert(
        trx,
        {
          id, seq, number, user_id: userId, status: "paid", currency, total: priced.total,
          billing_json: JSON.stringify(billing), locale, created_at: now, updated_at: now,
          result_key: null, result_file_name: null, result_content_type: null, result_size: null, result_sha256: null, delivered_at: null,
        },
        priced.items.map((item, position) => ({ order_id: id, position, product_id: item.productId, price: item.price, brief_json: JSON.stringify(item.brief) })),
      );
      const lines = priced.items.map((item) => ({ description: productName(item.productId, locale), amount: item.price }));
      const invoice = await documents.issueInvoice(trx, { userId, orderId: id, orderNumber: number, currency, locale, billing, lines });
      const response: PlaceOrderResponse = { id, number, status: "paid", total: toMajor(priced.total), currency };
      if (idempotency) {
        await repository.saveIdempotent(trx, { user_id: userId, key: idempotency.key, request_hash: idempotency.hash, response_json: JSON.stringify(response), created_at: now });
      }
      return { response, invoice };
    });

  /** The stored answer for this key, or null; the same key with another body is a 409. */
  const replay = async (userId: string, idempotency: { key: string; hash: string }): Promise<PlaceOrderResponse | null> => {
    const stored = await repository.findIdempotent(db, userId, idempotency.key);
    if (!stored) return null;
    if (stored.request_hash !== idempotency.hash) throw new ApiError(409, undefined, { key: "orders.idempotencyKeyReused" });
    return JSON.parse(stored.response_json) as PlaceOrderResponse;
  };

  const shortfall = async (userId: string, currency: Currency, total: number): Promise<number> => total - (await wallet.balance(userId, currency));

  const service = {
    /**
     * Places an order for `userId`. With an idempotency key the first successful answer is kept and returned again
     * for a retry with the same body, without a second order (a refused request is not kept: it can be retried).
     */
    async place(userId: string, input: PlaceOrderInput, options: { locale: Locale; idempotencyKey?: string }): Promise<PlaceOrderResponse> {
      const idempotency = options.idempotencyKey
        ? { key: options.idempotencyKey, hash: createHash("sha256").update(JSON.stringify(input)).digest("hex") }
        : undefined;
      if (idempotency) {
        const earlier = await replay(userId, idempotency);
        if (earlier) return earlier;
      }
      const priced = await priceCart(catalog, input.orderFormData, input.currency);
      for (let attempt = 1; ; attempt++) {
        try {
          const { response, invoice } = await store(userId, input, priced, options.locale, idempotency);
          const { orderFormData: _cart, currency: _currency, agreedToPP_TOS: _agreed, ...billing } = input;
          await deps.rememberBilling?.(userId, billing);
          const confirmation = confirmationMail(input.email, { number: response.number, currency: input.currency, total: priced.total, items: priced.items, invoiceNumber: invoice.number }, options.locale, deps.publicUrl);
          await documents
            .attachment(invoice)
            .then((pdf) => mail.send({ ...confirmation, attachments: [pdf] }))
            .catch((error: unknown) => logError(error, `confirmation mail of order ${response.number} not stored`));
          return response;
        } catch (error) {
          if (error instanceof BalanceShort) {
            const missing = await shortfall(userId, input.currency, priced.total);
            // A deposit landing between the refused debit and this check: try again rather than report "short by 0".
            if (missing <= 0 && attempt < MAX_PLACING_ATTEMPTS) continue;
            const amount = formatMoney({ minor: Math.max(missing, 1), currency: input.currency }, options.locale);
            throw ApiError.field("", "orders.balanceShort", { currency: input.currency, missing: amount });
          }
          // A concurrent request with the same idempotency key won: answer what it stored.
          const earlier = idempotency ? await replay(userId, idempotency) : null;
          if (earlier) return earlier;
          throw error;
        }
      }
    },

    /** The caller's orders, newest first (CONTRACT §4). */
    async list(userId: string): Promise<OrderListEntry[]> {
      const rows = await repository.listForUser(db, userId);
      return rows.map(({ order, items }) => ({
        id: order.id,
        number: order.number,
        status: order.status,
        createdAt: order.created_at,
        currency: order.currency as Currency,
        total: toMajor(order.total),
        items: items.map((item) => ({ productId: item.product_id as ProductId, price: toMajor(item.price), brief: JSON.parse(item.brief_json) as Record<string, unknown> })),
        result: order.result_file_name !== null && order.result_size !== null ? { fileName: order.result_file_name, size: order.result_size } : null,
      }));
    },

    /** An order by id or by number (`SC-000042`), for staff tools and scripts. */
    async find(reference: string): Promise<OrderRow | undefined> {
      const trimmed = reference.trim();
      return /^sc-\d+$/i.test(trimmed) ? repository.findByNumber(db, trimmed.toUpperCase()) : repository.findById(db, trimmed.toLowerCase());
    },

    /** paid → in_progress. */
    async startWork(orderId: string): Promise<void> {
      const order = await repository.findById(db, orderId);
      if (!order) throw ApiError.notFound();
      if (!(await repository.moveStatus(db, orderId, ["paid"], "in_progress"))) throw wrongStatus(order.status);
    },

    /** paid or in_progress → cancelled, with the total back on the balance (ledger kind 'refund') in one transaction. */
    async cancel(orderId: string): Promise<void> {
      await wallet.transaction(async (trx) => {
        const order = await repository.findById(trx, orderId);
        if (!order) throw ApiError.notFound();
        if (!(await repository.moveStatus(trx, orderId, ["paid", "in_progress"], "cancelled"))) throw wrongStatus(order.status);
        const currency = order.currency as Currency;
        await wallet.credit(trx, { userId: order.user_id, currency, amount: order.total, kind: "refund", reference: order.number });
        await documents.issueCreditNote(trx, {
          userId: order.user_id, orderId: order.id, orderNumber: order.number, currency, amount: order.total,
          locale: order.locale as Locale, billing: JSON.parse(order.billing_json) as Partial<BillingDetails>,
        });
      });
    },

    deliver: results.deliver,
    resultFor: results.resultFor,
    hasOrders: (userId: string) => repository.hasOrders(db, userId),
    /** Orders still paid or in progress: a customer with one cannot close the account yet. */
    hasOpenOrders: (userId: string) => repository.hasOpenOrders(db, userId),
    /** Account closing: the orders keep their numbers and totals, lose their billing fields and briefs. */
    forgetPersonalData: (userId: string) => repository.forgetPersonalData(db, userId),

    /** Work at start: the demo data when configured. */
    async prepare(): Promise<void> {
      if (deps.demoData) await ensureDemoData({ db, wallet, orders: service });
    },
  };
  return service;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
