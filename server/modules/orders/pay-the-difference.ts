import { ZodError } from "zod";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor } from "../../../contract/money";
import {
  SHORTFALL_MIN_MINOR,
  shortfallCharge,
  type PayDifferenceResponse,
  type PayDifferenceStatus,
} from "../../../contract/pay-the-difference";
import type { PlaceOrderResponse } from "../../../contract/orders";
import type { DepositStatus } from "../../../contract/wallet";
import { nowIso } from "../../db/time";
import { translate, type Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import type { DepositService } from "../wallet";
import { priceOrder } from "./order-pricing";
import type { PendingCheckoutRow, PendingCheckouts } from "./pending-checkouts.repository";
import { AlreadySettled, placeOrder, PricesChanged, type PlaceOrderDeps, type PlaceOrderInput } from "./place-order";

/**
 * "Pay the difference and place the order" (docs/decisions/0061-pay-the-difference.md). Starting it prices the cart,
 * and stores a deposit of exactly the shortfall together with the order request (one transaction). Once the deposit
 * is paid — the sandbox's Pay, Stripe's webhook, or the buyer's return page, whichever comes first — the order is
 * placed from that request once, at the price the buyer saw; when it cannot be, the money stays on the balance and the
 * reason is kept for the buyer.
 */
export interface PayTheDifference {
  start(userId: string, input: PlaceOrderInput, locale: Locale): Promise<PayDifferenceResponse>;
  /** Where the buyer's deposit and its order stand; places the order first when the deposit is paid and it waits. */
  status(userId: string, depositId: string, locale: Locale): Promise<PayDifferenceStatus>;
  /** Places the order a paid deposit waits for, once; nothing when there is none or it was settled. */
  complete(depositId: string): Promise<void>;
}

export interface PayTheDifferenceDeps {
  placing: PlaceOrderDeps;
  deposits: DepositService;
  pending: PendingCheckouts;
}

/** Why a paid deposit's order was not placed, kept with it: a message key and, when short, by how much (minor units). */
interface Refusal {
  key: string;
  missing?: number;
}

const REFUSED_KEYS: Record<string, string> = { "orders.balanceShort": "orders.checkout.balanceShort" };

export function createPayTheDifference({ placing, deposits, pending }: PayTheDifferenceDeps): PayTheDifference {
  const refusalOf = async (error: unknown, row: PendingCheckoutRow): Promise<Refusal | null> => {
    if (error instanceof PricesChanged) return { key: "orders.checkout.pricesChanged" };
    if (error instanceof ZodError) return { key: "orders.checkout.cartChanged" };
    if (!(error instanceof DomainError)) return null;
    const key = REFUSED_KEYS[error.fields?.[""]?.[0]?.key ?? ""];
    if (!key) return { key: "orders.checkout.notPlaced" };
    const balance = await placing.wallet.balance(row.user_id, row.currency as Currency);
    return { key, missing: Math.max(row.total - balance, 1) };
  };

  const complete = async (depositId: string): Promise<void> => {
    const row = await pending.find(depositId);
    if (row?.status !== "awaiting") return;
    if ((await deposits.details(row.user_id, depositId)).status !== "paid") return;
    try {
      await placeOrder(placing, row.user_id, JSON.parse(row.request_json) as PlaceOrderInput, {
        locale: row.locale as Locale,
        pending: {
          total: row.total,
          claim: (trx) => pending.claim(depositId, trx),
          placed: (trx, response) => pending.placed(depositId, response, trx),
        },
      });
    } catch (error) {
      if (error instanceof AlreadySettled) return;
      const refusal = await refusalOf(error, row);
      if (!refusal) throw error;
      await pending.refuse(depositId, { key: refusal.key, params: refusal.missing ? { missing: refusal.missing } : {} });
    }
  };

  return {
    async start(userId, input, locale) {
      const { orderFormData: _cart, currency, promoCode: _code, ...billing } = input;
      const priced = await priceOrder(placing, userId, input, locale);
      const charge = shortfallCharge(priced.total, await placing.wallet.balance(userId, currency));
      if (charge === 0) throw DomainError.conflict("orders.checkout.notShort");
      const max = Math.round(deposits.limits.max * 100);
      if (charge > max) {
        const money = (minor: number) => formatMoney({ minor, currency }, locale);
        throw DomainError.field("", "orders.checkout.tooLarge", { amount: money(charge), max: money(max) });
      }
      const now = nowIso();
      const started = await deposits.create(userId, { ...billing, depositAmount: toMajor(charge), currency }, locale, {
        purpose: "order",
        minimum: SHORTFALL_MIN_MINOR,
        alsoStore: (trx, depositId) =>
          pending.insert(
            {
              deposit_id: depositId,
              user_id: userId,
              currency,
              total: priced.total,
              request_json: JSON.stringify(input),
              locale,
              status: "awaiting",
              response_json: null,
              reason_json: null,
              created_at: now,
              updated_at: now,
            },
            trx,
          ),
      });
      return { ...started, amount: toMajor(charge), currency };
    },

    async status(userId, depositId, locale) {
      const deposit = await deposits.details(userId, depositId);
      let row = await pending.find(depositId);
      if (!row || row.user_id !== userId) throw DomainError.notFound();
      if (row.status === "awaiting" && deposit.status === "paid") {
        await complete(depositId);
        row = (await pending.find(depositId)) ?? row;
      }
      const money = (minor: number) => formatMoney({ minor, currency: deposit.currency }, locale);
      const paid = money(Math.round(deposit.amount * 100));
      const answer = { depositId, amount: deposit.amount, currency: deposit.currency, order: null, message: null };
      if (row.status === "placed" && row.response_json) {
        return { ...answer, state: "placed", order: JSON.parse(row.response_json) as PlaceOrderResponse };
      }
      if (row.status === "refused") {
        const reason = JSON.parse(row.reason_json ?? "{}") as { key: string; params?: { missing?: number } };
        const missing = reason.params?.missing ? money(reason.params.missing) : "";
        return { ...answer, state: "notPlaced", message: translate(locale, reason.key, { amount: paid, missing }) };
      }
      return failedOrWaiting(answer, deposit.status, locale);
    },

    complete,
  };
}

/** A deposit not paid (yet): declined or expired says so, and that nothing was charged. */
function failedOrWaiting(
  answer: Omit<PayDifferenceStatus, "state">,
  status: DepositStatus,
  locale: Locale,
): PayDifferenceStatus {
  if (status === "declined" || status === "expired") {
    return { ...answer, state: "paymentFailed", message: translate(locale, `orders.checkout.${status}`) };
  }
  return { ...answer, state: "awaitingPayment" };
}
