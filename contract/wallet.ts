import { z } from "zod";
import { billingDetailsSchema } from "./accounts";
import { currencySchema } from "./currency";
import { majorAmountSchema } from "./money";

/**
 * The settings the balance policy names (content/policies/balance-withdrawal.ts): how many days a withdrawal usually
 * takes to reach the customer's payment (WITHDRAWAL_REFUND_DAYS). Every page and mail fills the same text with them.
 */
export interface BalancePolicySettings {
  refundDays: number;
}
export const DEFAULT_BALANCE_POLICY: BalancePolicySettings = { refundDays: 10 };

/** Deposit limits in major units when DEPOSIT_MIN / DEPOSIT_MAX are not configured. */
export const DEFAULT_DEPOSIT_LIMITS = { min: 5, max: 10000 } as const;
export interface DepositLimits {
  min: number;
  max: number;
}

/** Who pays: the billing fields shared by a deposit and an order (CONTRACT §4). */
export const billingFieldsSchema = billingDetailsSchema.extend({
  agreedToPP_TOS: z.literal(true),
});
export type BillingFields = z.infer<typeof billingFieldsSchema>;

/**
 * POST /api/balance/deposit. The limits are checked by the deposit service against the amount in its currency, so
 * its message names both ends as money in the customer's language ("Enter an amount from 5,00 € to 10.000,00 €"),
 * the words the deposit form shows before anything is typed.
 */
export function depositRequestSchemaFor(limits: DepositLimits) {
  return billingFieldsSchema.extend({
    depositAmount: majorAmountSchema.describe(`major units, at most two decimals, from ${limits.min} to ${limits.max} (DEPOSIT_MIN, DEPOSIT_MAX)`),
    currency: currencySchema,
  });
}
export const depositRequestSchema = depositRequestSchemaFor(DEFAULT_DEPOSIT_LIMITS);
export type DepositRequest = z.input<typeof depositRequestSchema>;

export const depositStatusSchema = z.enum(["pending", "paid", "declined", "expired"]);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const depositResponseSchema = z.object({
  depositId: z.string(),
  status: z.literal("pending"),
  paymentUrl: z.string().describe("where the client sends the browser to pay"),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;

/** GET /api/balance/deposits/:depositId — what the return page shows. */
export const depositDetailsSchema = z.object({
  depositId: z.string(),
  amount: z.number().describe("major units"),
  currency: currencySchema,
  status: depositStatusSchema,
  createdAt: z.string(),
});
export type DepositDetails = z.infer<typeof depositDetailsSchema>;

export const depositParamsSchema = z.object({ depositId: z.string().min(1).max(100) });

/** POST /api/balance */
export const balanceRequestSchema = z.strictObject({ currency: currencySchema });
export type BalanceRequest = z.infer<typeof balanceRequestSchema>;

/** `withdrawal`: money paid back to the customer's payments (negative); `withdrawal_returned`: a refund the provider refused, back on the balance. */
export const ledgerKindSchema = z.enum(["deposit", "order", "refund", "adjustment", "withdrawal", "withdrawal_returned"]);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

export const balanceTransactionSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  amount: z.number().describe("major units, signed: negative when money left the balance"),
  createdAt: z.string(),
  reference: z.string().describe("the deposit id or the order it belongs to"),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const balanceResponseSchema = z.object({
  currency: currencySchema,
  balance: z.number().describe("major units"),
  transactions: z.array(balanceTransactionSchema).describe("most recent first"),
  withdrawable: z
    .number()
    .describe("major units that can be withdrawn now: the balance, up to what the customer's paid deposits have not yet had back"),
  refundableDeposits: z
    .array(z.object({ depositId: z.string(), depositedAt: z.string(), amount: z.number().describe("major units not yet paid back") }))
    .describe("the paid deposits a withdrawal goes back to, newest first (the order it is split in)"),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

/** Sandbox checkout (PAYMENT_PROVIDER=sandbox): the store's own payment page. */
export const sandboxPaymentSchema = z.object({
  depositId: z.string(),
  amount: z.number().describe("major units"),
  currency: currencySchema,
  status: depositStatusSchema,
});
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;

export const sandboxCompleteRequestSchema = z.strictObject({ outcome: z.enum(["paid", "declined"]) });
export type SandboxCompleteRequest = z.infer<typeof sandboxCompleteRequestSchema>;

export const sandboxCompleteResponseSchema = z.object({
  depositId: z.string(),
  status: depositStatusSchema,
});
export type SandboxCompleteResponse = z.infer<typeof sandboxCompleteResponseSchema>;

/**
 * POST /api/balance/withdraw (issue 25): unused balance back to the payments it came from, newest deposits first,
 * through the payment provider's refund. Errors (400, at `amount`): not a positive amount with two decimals, more
 * than can be withdrawn; under "" when nothing can be withdrawn at all.
 */
export const withdrawRequestSchema = z.strictObject({
  currency: currencySchema,
  amount: majorAmountSchema.describe("major units, at most two decimals, more than 0 and at most `withdrawable`"),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const withdrawalRefundStatusSchema = z.enum(["pending", "succeeded", "failed"]);
export type WithdrawalRefundStatus = z.infer<typeof withdrawalRefundStatusSchema>;

export const withdrawResponseSchema = z.object({
  withdrawalId: z.string(),
  currency: currencySchema,
  amount: z.number().describe("major units taken off the balance"),
  balance: z.number().describe("major units left on the balance"),
  refunds: z
    .array(
      z.object({
        depositId: z.string(),
        depositedAt: z.string().describe("when the deposit the money goes back to was made"),
        amount: z.number().describe("major units"),
        status: withdrawalRefundStatusSchema.describe("succeeded once the provider confirms; failed: returned to the balance"),
      }),
    )
    .describe("one provider refund per deposit, newest deposit first"),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;
