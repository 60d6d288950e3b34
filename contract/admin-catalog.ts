import { z } from "zod";
import { productIdSchema } from "./catalog";
import { majorAmountSchema } from "./money";
import { OPTION_IDS, OPTION_KINDS } from "./service-options";

const price = majorAmountSchema.min(0.01).max(1_000_000);
const pricesShape = { EUR: price, USD: price, GBP: price };

/** One option of a product as the back office edits it: a price per currency (major units), and for rush its turnaround. */
export const catalogOptionSchema = z.object({
  id: z.enum(OPTION_IDS),
  kind: z.enum(OPTION_KINDS),
  active: z.boolean(),
  turnaroundDays: z.number().int().nullable().describe("rush only: business days from placing to the due date"),
  prices: z.object(pricesShape),
});
export type CatalogOption = z.infer<typeof catalogOptionSchema>;

/** PUT /api/admin/catalog/:productId/options/:optionId: an option's whole editable state, for orders placed from now on. */
export const catalogOptionUpdateSchema = z.strictObject({
  active: z.boolean(),
  turnaroundDays: z.number().int().min(1).max(60).optional().describe("rush only (required there): business days from placing to the due date"),
  prices: z.strictObject(pricesShape),
});
export type CatalogOptionUpdate = z.input<typeof catalogOptionUpdateSchema>;

/** One product as the back office edits it: a price per currency (major units), terms, and whether it is sold. */
export const catalogProductSchema = z.object({
  id: productIdSchema,
  kind: z.enum(["service", "bundle"]),
  active: z.boolean(),
  turnaroundDays: z.number().int(),
  revisionRounds: z.number().int(),
  revisionDays: z.number().int().describe("business days a revision takes once requested: its new due date"),
  prices: z.object(pricesShape),
  options: z.array(catalogOptionSchema).describe("its options (a bundle: none)"),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;
export const catalogListSchema = z.object({ items: z.array(catalogProductSchema) });
export type CatalogList = z.infer<typeof catalogListSchema>;

/** PUT /api/admin/catalog/:productId: the whole editable state; applies to orders placed from now on. */
export const catalogUpdateSchema = z.strictObject({
  active: z.boolean(),
  turnaroundDays: z.number().int().min(1).max(60),
  revisionRounds: z.number().int().min(0).max(10),
  revisionDays: z
    .number()
    .int()
    .min(1)
    .max(60)
    .optional()
    .describe("business days a revision takes once requested (the service's revision turnaround); omitted: unchanged"),
  prices: z.strictObject(pricesShape),
});
export type CatalogUpdate = z.input<typeof catalogUpdateSchema>;
