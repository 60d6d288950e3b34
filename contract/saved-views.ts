import { z } from "zod";
import { adminOrderQuerySchema } from "./admin-orders";

/** The queue's parameters a saved view keeps: its filters and sort, never a page or a picked row. */
const VIEW_PARAMETERS = ["q", "status", "service", "writer", "late", "currency", "from", "to", "sort", "dir"] as const;
const viewParametersSchema = adminOrderQuerySchema.pick({
  q: true, status: true, service: true, writer: true, late: true, currency: true, from: true, to: true, sort: true, dir: true,
});

/** `status=paid&sort=customer`: a query string of the queue's filters and sort, each known and valid. */
export const viewQuerySchema = z
  .string()
  .max(1000)
  .refine((text) => {
    const parameters = new URLSearchParams(text);
    const names = [...parameters.keys()];
    if (names.some((name) => !(VIEW_PARAMETERS as readonly string[]).includes(name)) || new Set(names).size !== names.length) return false;
    return viewParametersSchema.safeParse(Object.fromEntries(parameters)).success;
  }, "staff.viewBadQuery")
  .describe("the queue's filters and sort as a URL query string (`status=paid&sort=customer&dir=desc`), without page or cursor");

/** A member of staff's named view of the order queue (theirs alone). */
export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string().describe("open /admin/orders?<query> to see it"),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** POST /api/admin/saved-views: a name and the current filters and sort. */
export const saveViewRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  query: viewQuerySchema,
});
export type SaveViewRequest = z.infer<typeof saveViewRequestSchema>;

/** GET /api/admin/saved-views: the caller's views, by name. */
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

/** At most this many views per person. */
export const SAVED_VIEWS_MAX = 30;
