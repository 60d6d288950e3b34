import { z } from "zod";

/**
 * Options a service may be bought with (issue 28, docs/decisions/0077-service-options.md): `rush` (a shorter turnaround
 * at a surcharge), `extra-revision` (one more revision round) and service-specific extras. Plain values, without
 * zod in the browser's hot path: the names and descriptions are in the message catalogues under these ids.
 */
export const OPTION_IDS = ["rush", "extra-revision", "meta-descriptions", "speaker-notes"] as const;
export type OptionId = (typeof OPTION_IDS)[number];

/** What an option changes: the due date (rush), the revision rounds (revision: one more) or nothing but the work (extra). */
export const OPTION_KINDS = ["rush", "revision", "extra"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** Most options one order item may carry. */
export const MAX_ITEM_OPTIONS = OPTION_IDS.length;

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
