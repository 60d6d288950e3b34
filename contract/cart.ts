import { z } from "zod";
import { productIdSchema, SERVICE_IDS } from "./catalog";
import { currencySchema } from "./currency";
import { MAX_ITEM_OPTIONS, OPTION_IDS } from "./service-options";

/** How much a stored cart may hold: lines, and the typed brief of one line as JSON. */
export const CART_LIMITS = { lines: 20, briefChars: 20_000, briefFields: 40 } as const;

/** One form's values as typed (every value text, tags comma-separated). */
const formValuesSchema = z.record(z.string().max(64), z.string().max(CART_LIMITS.briefChars));

/** A line's brief while being filled: a service's form values, or for a bundle each contained service's values. */
export const briefDraftSchema = z
  .union([formValuesSchema, z.partialRecord(z.enum(SERVICE_IDS), formValuesSchema)])
  .refine((draft) => JSON.stringify(draft).length <= CART_LIMITS.briefChars, { message: "tooLong", params: { max: CART_LIMITS.briefChars } })
  .refine((draft) => Object.keys(draft).length <= CART_LIMITS.briefFields, { message: "invalid" });
export type BriefDraft = z.infer<typeof briefDraftSchema>;

export const cartLineSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe("the line's own id (the browser makes a UUID), so the same product can be in the cart twice"),
  productId: productIdSchema,
  brief: briefDraftSchema.optional().describe("the brief as typed so far; checked against the product's form only when the order is placed"),
  options: z.array(z.enum(OPTION_IDS)).max(MAX_ITEM_OPTIONS).optional().describe("the options chosen for the line; omitted: none"),
  writerId: z.uuid().optional().describe("the favourite writer asked for on the line (issue 28); omitted: none"),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** PUT /api/cart and POST /api/cart/merge: the browser's cart (CONTRACT §2 `cart` with the `orders` drafts). */
export const cartRequestSchema = z.strictObject({
  currency: currencySchema,
  items: z
    .array(cartLineSchema)
    .max(CART_LIMITS.lines)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { message: "duplicateLine" }),
});
export type CartRequest = z.infer<typeof cartRequestSchema>;

export const cartResponseSchema = z.object({
  currency: currencySchema.nullable().describe("null while the account has no stored cart"),
  items: z.array(cartLineSchema),
  updatedAt: z.string().nullable(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;
