import { z } from "zod";
import { ticketStatusSchema } from "./admin-support";
import { orderStatusSchema } from "./orders";

/** GET /api/admin/search: the back office's global search (the box in the shell, "/" or Ctrl+K). */
export const adminSearchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .describe("words to find, each the beginning of a word: an order number or part of it, an e-mail or its domain, a name, words of a brief, a message or a ticket"),
});
export type AdminSearchQuery = z.output<typeof adminSearchQuerySchema>;

/** At most this many results per group. */
export const ADMIN_SEARCH_GROUP_SIZE = 5;

const href = z.string().describe("the back-office page to open, without the language prefix (e.g. /admin/orders/SC-000017)");

export const adminSearchResultSchema = z.object({
  orders: z.array(
    z.object({
      number: z.string(),
      status: orderStatusSchema.describe("the status of its first deliverable in the queue's order"),
      customerName: z.string().describe("empty when the caller does not see the customer (a writer sees a first name)"),
      href,
    }),
  ),
  customers: z
    .array(z.object({ id: z.string(), name: z.string(), email: z.string(), href }))
    .nullable()
    .describe("null for a writer, who does not see customers"),
  tickets: z
    .array(z.object({ id: z.string(), reference: z.string(), email: z.string(), status: ticketStatusSchema, excerpt: z.string(), href }))
    .nullable()
    .describe("null for a writer, who does not see the support desk"),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
