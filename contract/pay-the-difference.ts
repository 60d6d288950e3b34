import { z } from "zod";
import { currencySchema } from "./currency";
import { placeOrderRequestSchema, placeOrderResponseSchema } from "./orders";

/**
 * "Pay the difference and place the order" (docs/decisions/0061-pay-the-difference.md): when the balance is short of
 * the cart's total, one deposit of the shortfall is paid and, once confirmed, the order is placed from the cart and
 * briefs kept on the server with the deposit.
 */

/** The smallest charge a payment provider takes (Stripe: 0.50 in EUR and USD, 0.30 in GBP); a smaller shortfall is rounded up to it. */
export const SHORTFALL_MIN_MINOR = 50;

/** What paying the difference charges (minor units): the shortfall, at least the provider's minimum; 0 when the balance covers the total. */
export function shortfallCharge(totalMinor: number, balanceMinor: number): number {
  const short = totalMinor - balanceMinor;
  return short <= 0 ? 0 : Math.max(short, SHORTFALL_MIN_MINOR);
}

/** POST /api/orders/with-deposit: the body of POST /api/orders. */
export const payDifferenceRequestSchema = placeOrderRequestSchema;
export type PayDifferenceRequest = z.input<typeof payDifferenceRequestSchema>;

export const payDifferenceResponseSchema = z.object({
  depositId: z.string(),
  status: z.literal("pending"),
  paymentUrl: z.string().describe("where the client sends the browser to pay"),
  amount: z.number().describe("major units: the shortfall charged"),
  currency: currencySchema,
});
export type PayDifferenceResponse = z.infer<typeof payDifferenceResponseSchema>;

export const PAY_DIFFERENCE_STATES = ["awaitingPayment", "placed", "paymentFailed", "notPlaced"] as const;
export const payDifferenceStateSchema = z.enum(PAY_DIFFERENCE_STATES);
export type PayDifferenceState = z.infer<typeof payDifferenceStateSchema>;

/** GET /api/orders/with-deposit/:depositId: where the paid difference and its order stand (the page the buyer returns to). */
export const payDifferenceStatusSchema = z.object({
  depositId: z.string(),
  state: payDifferenceStateSchema.describe(
    "awaitingPayment: not confirmed yet; placed: the order is placed (`order`); paymentFailed: declined or expired, nothing charged; notPlaced: paid, but the order could not be placed (`message` says why) and the money is on the balance",
  ),
  amount: z.number().describe("major units: the deposit"),
  currency: currencySchema,
  order: placeOrderResponseSchema.nullable(),
  message: z.string().nullable().describe("why, in the asked language, when the payment failed or the order was not placed"),
});
export type PayDifferenceStatus = z.infer<typeof payDifferenceStatusSchema>;

export const payDifferenceParamsSchema = z.object({ depositId: z.string().min(1).max(100) });
