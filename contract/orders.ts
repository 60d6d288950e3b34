import { z } from "zod";
import { productIdSchema } from "./catalog";
import { currencySchema } from "./currency";
import { promoCodeSchema } from "./promotions";
import { chosenOptionsSchema } from "./service-options";
import { billingFieldsSchema } from "./wallet";

/** Most items one order may hold. */
export const MAX_ORDER_ITEMS = 20;

/** LIFECYCLE.md: the states of a made-to-order piece of work. */
export const ORDER_STATUSES = ["paid", "needs_info", "in_progress", "delivered", "revision_requested", "completed", "cancelled"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** One cart item with its brief; the brief is checked against the product's form (contract/briefs.ts) by the server. */
export const orderItemRequestSchema = z.strictObject({
  productId: productIdSchema,
  brief: z.record(z.string(), z.unknown()),
  writerId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "optional: one of my favourite writers (GET /api/favourite-writers) for this item's work; assigned at once when active, else the work waits in the pool with the wish shown to staff",
    ),
  options: chosenOptionsSchema.optional(),
});

/** POST /api/orders: the deposit's billing fields, the cart with its briefs and the currency. No price travels in: the server prices every item itself. */
export const placeOrderRequestSchema = billingFieldsSchema.extend({
  orderFormData: z.array(orderItemRequestSchema).min(1).max(MAX_ORDER_ITEMS),
  currency: currencySchema,
  promoCode: promoCodeSchema.optional().describe("a promotion code; one that does not apply is a field error on promoCode saying why"),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

export const placeOrderResponseSchema = z.object({
  id: z.string(),
  number: z.string().describe("human-friendly, e.g. SC-000042"),
  status: orderStatusSchema,
  total: z.number().describe("major units"),
  currency: currencySchema,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** How far an order has come: "2 of 4 delivered" (delivered counts completed ones too). */
export const orderProgressSchema = z.object({
  total: z.number().int().describe("deliverables in the order"),
  delivered: z.number().int().describe("delivered or completed"),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;

/** An entry of GET /api/orders, newest first. */
export const orderListEntrySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string().describe("ISO-8601 UTC"),
  currency: currencySchema,
  total: z.number().describe("major units: what was paid, after any discount"),
  discount: z.number().describe("major units taken off by the promotion code (0 without one)"),
  promoCode: z.string().nullable().describe("the promotion code used, if any"),
  items: z.array(
    z.object({
      productId: productIdSchema,
      price: z.number().describe("major units"),
      brief: z.record(z.string(), z.unknown()),
    }),
  ),
  result: z.object({ fileName: z.string(), size: z.number().int() }).nullable().describe("the latest version's first file"),
  dueAt: z.string().describe("ISO-8601 UTC; moved later by the time spent in needs_info"),
  late: z.boolean().describe("past the due date and not delivered yet"),
  needsAttention: z.boolean().describe("the customer has something to do: answer a question or review a delivery"),
  progress: orderProgressSchema,
});
export type OrderListEntry = z.infer<typeof orderListEntrySchema>;

export const orderListSchema = z.array(orderListEntrySchema);

/** GET /api/orders?limit=&cursor=: a page of my orders; the next page's cursor comes in the X-Next-Cursor header. */
export const ORDERS_PAGE_MAX = 100;
export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe("the X-Next-Cursor header of the previous page"),
});

/** Largest Idempotency-Key header accepted by POST /api/orders. */
export const IDEMPOTENCY_KEY_MAX = 255;
