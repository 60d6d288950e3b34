import { z } from "zod";
import { MAX_ITEM_OPTIONS, OPTION_IDS, OPTION_KINDS } from "./service-option-ids";

/**
 * Options a service may be bought with (issue 28, docs/decisions/0077-service-options.md): `rush` (a shorter turnaround
 * at a surcharge), `extra-revision` (one more revision round) and service-specific extras. The plain ids and
 * kinds are in ./service-option-ids (no zod, for the browser); the names and descriptions are in the message catalogues
 * under these ids.
 */
export { MAX_ITEM_OPTIONS, OPTION_IDS, OPTION_KINDS, type OptionId, type OptionKind } from "./service-option-ids";

/**
 * An order item's or a cart line's chosen options: ids as sent, checked against the product's options by the server
 * (an id the product does not offer is a field error on `orderFormData[i].options[j]`).
 */
export const chosenOptionsSchema = z
  .array(z.string().max(40))
  .max(MAX_ITEM_OPTIONS)
  .describe("ids of the product's options (POST /api/prices lists them per product); omitted: none");

/** One option of a product as POST /api/prices lists it. */
export const priceOptionSchema = z.object({
  id: z.enum(OPTION_IDS),
  kind: z.enum(OPTION_KINDS),
  price: z.number().describe("major units, added to the product's price"),
  turnaroundDays: z.number().int().optional().describe("rush only: business days from placing to the due date"),
  offeredTurnaroundDays: z
    .number()
    .int()
    .optional()
    .describe(
      "rush only: business days a rush placed now takes; more than turnaroundDays when the rush capacity of that day is full (the next free day)",
    ),
});
export type PriceOption = z.infer<typeof priceOptionSchema>;

/** One option of a deliverable on the order page, as bought. */
export const deliverableOptionSchema = z.object({
  id: z.enum(OPTION_IDS),
  kind: z.enum(OPTION_KINDS),
  price: z.number().describe("major units paid for it (part of the deliverable's price)"),
  nextFreeDay: z
    .boolean()
    .describe("rush only: the rush capacity of its day was full, so it is due on the next free day"),
});
export type DeliverableOption = z.infer<typeof deliverableOptionSchema>;
