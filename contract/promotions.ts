import { z } from "zod";
import { currencySchema } from "./currency";
import { majorAmountSchema } from "./money";
import { BUNDLE_IDS, SERVICE_IDS } from "./product-ids";

// Not catalog.ts's: that file imports this one (the price list's `promoCode`).
const productIdSchema = z.enum([...SERVICE_IDS, ...BUNDLE_IDS]);

/** A promotion code as buyers type it: letters, digits, `-` and `_`; compared without regard to case. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "promotions.badCode")
  .transform((code) => code.toUpperCase())
  .describe("a promotion code, case-insensitive");

/** Why a code does not apply to a cart: the field error on `promoCode` names one of these. */
export const PROMOTION_REFUSALS = [
  "unknown",
  "notStarted",
  "expired",
  "paused",
  "usedUp",
  "alreadyUsed",
  "firstOrderOnly",
  "notForServices",
  "notForCurrency",
  "belowMinimum",
] as const;
export type PromotionRefusal = (typeof PROMOTION_REFUSALS)[number];

const amountsSchema = z
  .partialRecord(currencySchema, majorAmountSchema.min(0.01).max(1_000_000))
  .describe("major units per currency; a currency left out gets no discount (fixed) or has no minimum");

const codeFieldsSchema = z.strictObject({
  code: promoCodeSchema,
  percent: z.number().int().min(1).max(100).nullable().default(null).describe("a percentage off the services it is for"),
  amounts: amountsSchema.nullable().default(null).describe("a fixed amount off per currency (instead of percent)"),
  productIds: z.array(productIdSchema).max(50).default([]).describe("services and bundles it is for; empty: all"),
  startsAt: z.iso.datetime().describe("ISO-8601 UTC"),
  endsAt: z.iso.datetime().nullable().default(null).describe("ISO-8601 UTC; null: no end"),
  oncePerCustomer: z.boolean().default(false),
  firstOrderOnly: z.boolean().default(false),
  minimumTotal: amountsSchema.default({}).describe("the smallest cart (before the discount) per currency"),
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null).describe("total uses by all buyers; null: no cap"),
  paused: z.boolean().default(false),
});

const oneKind = (value: { percent: number | null; amounts: Record<string, number> | null }) =>
  (value.percent === null) !== (value.amounts === null || Object.keys(value.amounts).length === 0);
const datesInOrder = (value: { startsAt: string; endsAt: string | null }) => value.endsAt === null || value.endsAt > value.startsAt;

/** POST /api/admin/promotion-codes and PUT /api/admin/promotion-codes/{id}: either `percent` or `amounts`. */
export const promotionCodeRequestSchema = codeFieldsSchema
  .refine(oneKind, { message: "promotionPercentOrAmounts", path: ["percent"] })
  .refine(datesInOrder, { message: "promotionEndsBeforeStart", path: ["endsAt"] });
export type PromotionCodeRequest = z.input<typeof promotionCodeRequestSchema>;
export type PromotionCodeFields = z.output<typeof promotionCodeRequestSchema>;

/** A code as the back office sees it, with its uses and what the orders that used it brought in. */
export const promotionCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  percent: z.number().int().nullable(),
  amounts: z.partialRecord(currencySchema, z.number()).nullable().describe("major units"),
  productIds: z.array(productIdSchema),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  oncePerCustomer: z.boolean(),
  firstOrderOnly: z.boolean(),
  minimumTotal: z.partialRecord(currencySchema, z.number()).describe("major units"),
  maxUses: z.number().int().nullable(),
  paused: z.boolean(),
  uses: z.number().int().describe("orders placed with it"),
  revenue: z.partialRecord(currencySchema, z.number()).describe("major units paid for the orders placed with it, less what was refunded on them since, per currency"),
  discounted: z.partialRecord(currencySchema, z.number()).describe("major units taken off those orders, per currency"),
  createdAt: z.string(),
});
export type PromotionCode = z.infer<typeof promotionCodeSchema>;
export const promotionCodeListSchema = z.object({ items: z.array(promotionCodeSchema) });
export type PromotionCodeList = z.infer<typeof promotionCodeListSchema>;

/** What a code takes off a cart, as POST /api/prices answers it (major units). */
export const promotionQuoteSchema = z.object({
  code: z.string(),
  subtotal: z.number().describe("the cart before the discount"),
  discount: z.number(),
  total: z.number().describe("what the buyer pays"),
});
export type PromotionQuote = z.infer<typeof promotionQuoteSchema>;
