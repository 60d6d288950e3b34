import { z } from "zod";
import { ORDER_STATUSES } from "./orders";

/** LIFECYCLE.md: a deliverable moves through the states an order used to; the order's status is derived from them. */
export const DELIVERABLE_STATUSES = ORDER_STATUSES;
export const deliverableStatusSchema = z.enum(DELIVERABLE_STATUSES);
export type DeliverableStatus = z.infer<typeof deliverableStatusSchema>;

/** `{n}` of /api/orders/{id}/deliverables/{n}: 1, 2, … within the order. */
export const deliverableParamsSchema = z.object({
  id: z.string().min(1).max(64),
  n: z.coerce.number().int().min(1).max(999),
});

/** Staff (manager, admin): POST /api/admin/orders/{id}/deliverables/{n}/cancel; `refund` in major units, up to its share. */
export const cancelDeliverableSchema = z.strictObject({
  reason: z.string().trim().min(1).max(1000),
  refund: z
    .number()
    .min(0)
    .multipleOf(0.01)
    .optional()
    .describe("major units; default its whole share less what was given back"),
});

/** Staff (manager, admin): POST /api/admin/orders/{id}/deliverables/{n}/credit: goodwill credit without cancelling. */
export const goodwillCreditSchema = z.strictObject({
  reason: z.string().trim().min(1).max(1000),
  amount: z.number().positive().multipleOf(0.01).describe("major units"),
});
