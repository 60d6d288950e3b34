import { z } from "zod";
import { currencySchema } from "./currency";
import { majorAmountSchema } from "./money";
import { BUNDLE_IDS, SERVICE_IDS } from "./product-ids";
import { promoCodeSchema, promotionQuoteSchema } from "./promotions";
import { chosenOptionsSchema, priceOptionSchema } from "./service-options";

export {
  BUNDLE_IDS,
  PRODUCT_IDS,
  SERVICE_IDS,
  type BundleId,
  type ProductId,
  type ProductKind,
  type ServiceId,
} from "./product-ids";
export const productIdSchema = z.enum([...SERVICE_IDS, ...BUNDLE_IDS]);

export const pricesRequestSchema = z.strictObject({
  currency: currencySchema,
  promoCode: promoCodeSchema.optional().describe("a promotion code to try on the cart: the answer's `promotion` says what it takes off, or a field error on promoCode why it does not apply"),
  productIds: z
    .array(productIdSchema)
    .max(20)
    .optional()
    .describe("with promoCode: the cart's services and bundles, one per cart line; a signed-in buyer's bearer token also checks the rules about them"),
  lineOptions: z
    .array(chosenOptionsSchema)
    .max(20)
    .optional()
    .describe("with promoCode: each cart line's chosen options, in the order of productIds, so the code is quoted on what the cart costs"),
});

export const priceItemSchema = z.object({
  id: productIdSchema,
  kind: z.enum(["service", "bundle"]),
  price: z.number().describe("major units, at most two decimals"),
  options: z.array(priceOptionSchema).describe("what the product may be bought with (a bundle: none), each at a price added to it"),
});

export const pricesResponseSchema = z.object({
  currency: currencySchema,
  items: z.array(priceItemSchema),
  promotion: promotionQuoteSchema.optional().describe("with promoCode: what the code takes off the cart"),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** PUT /api/admin/prices/:productId (staff): the product's new price in one currency, major units. */
export const setPriceRequestSchema = z.strictObject({ currency: currencySchema, price: majorAmountSchema.min(0.01).max(1_000_000) });
export type SetPriceRequest = z.input<typeof setPriceRequestSchema>;
