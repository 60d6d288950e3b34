import { z } from "zod";
import { customerOrderLineSchema, ticketStatusSchema } from "./admin-support";
import { currencySchema } from "./currency";
import { deliverableStatusSchema } from "./deliverables";
import { majorAmountSchema } from "./money";
import { ledgerKindSchema } from "./wallet";

export const ADJUSTMENT_MAX = 100_000;
export const REASON_MAX = 500;

export const customerSearchQuerySchema = z.object({
  q: z.string().trim().max(254).default("").describe("part of the email, first or last name; empty lists the newest"),
});

/** An amount in one currency (major units at the API edge). */
export const currencyAmountSchema = z.object({ currency: currencySchema, amount: z.number().describe("major units") });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

export const customerListEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  blocked: z.boolean(),
  balances: z.array(currencyAmountSchema).describe("what the balance holds, per currency"),
  spent: z.array(currencyAmountSchema).describe("what their orders cost less what was refunded on them, per currency"),
});
export const customerListSchema = z.object({ items: z.array(customerListEntrySchema) });
export type CustomerListEntry = z.infer<typeof customerListEntrySchema>;

export const ledgerLineSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  amount: z.number().describe("major units, signed"),
  reference: z.string(),
  /** An adjustment's reason, as staff wrote it. */
  reason: z.string().nullable(),
  receiptNumber: z.string().nullable().describe("a deposit's receipt number (R-2026-000012), never its internal id"),
  orderNumber: z.string().nullable().describe("the order an adjustment is about (SC-000042)"),
  ticketNumber: z.string().nullable().describe("the support ticket an adjustment is about (T-1A2B3C4D)"),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const customerBalanceSchema = z.object({
  currency: currencySchema,
  balance: z.number().describe("major units"),
  ledger: z.array(ledgerLineSchema).describe("most recent first, up to 100"),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

/** A deliverable still owed to the customer: paid, neither completed nor cancelled. */
export const openPaidWorkSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  n: z.number().int(),
  service: z.string(),
  status: deliverableStatusSchema,
  currency: currencySchema,
  price: z.number().describe("major units: its share of what was paid"),
  refundable: z.number().describe("major units: its share less what was already given back"),
});
export type OpenPaidWork = z.infer<typeof openPaidWorkSchema>;

/** GET /api/admin/customers/:id */
export const customerDetailSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  company: z.string(),
  city: z.string(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
  currency: currencySchema.describe("the currency the customer last used: adjustments default to it"),
  balances: z.array(customerBalanceSchema),
  openWork: z
    .array(openPaidWorkSchema)
    .describe("deliverables paid and not yet completed or cancelled: what a block leaves owed to them, each refundable on its order page"),
  orders: z.array(customerOrderLineSchema),
  tickets: z.array(z.object({ id: z.string(), reference: z.string(), subject: z.string(), status: ticketStatusSchema, excerpt: z.string(), createdAt: z.string() })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** POST /api/admin/customers/:id/adjustments: a credit or a debit with its reason. */
export const adjustmentRequestSchema = z.strictObject({
  currency: currencySchema,
  direction: z.enum(["credit", "debit"]),
  amount: majorAmountSchema.min(0.01).max(ADJUSTMENT_MAX).describe("major units, positive"),
  reason: z.string().trim().min(3).max(REASON_MAX),
  orderNumber: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe("the customer's order it is about (SC-000042); empty: none"),
  ticketNumber: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe("the customer's support ticket it is about (T-1A2B3C4D); empty: none"),
});
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

export const blockRequestSchema = z.strictObject({ reason: z.string().trim().min(3).max(REASON_MAX) });
export type BlockRequest = z.infer<typeof blockRequestSchema>;
