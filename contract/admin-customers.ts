import { z } from "zod";
import { customerOrderLineSchema, ticketStatusSchema } from "./admin-support";
import { currencySchema } from "./currency";
import { majorAmountSchema } from "./money";
import { ledgerKindSchema } from "./wallet";

export const ADJUSTMENT_MAX = 100_000;
export const REASON_MAX = 500;

export const customerSearchQuerySchema = z.object({
  q: z.string().trim().max(254).default("").describe("part of the email, first or last name; empty lists the newest"),
});

export const customerListEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  blocked: z.boolean(),
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
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const customerBalanceSchema = z.object({
  currency: currencySchema,
  balance: z.number().describe("major units"),
  ledger: z.array(ledgerLineSchema).describe("most recent first, up to 100"),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

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
  balances: z.array(customerBalanceSchema),
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
});
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

export const blockRequestSchema = z.strictObject({ reason: z.string().trim().min(3).max(REASON_MAX) });
export type BlockRequest = z.infer<typeof blockRequestSchema>;
