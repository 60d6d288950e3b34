import { z } from "zod";
import { productIdSchema } from "./catalog";
import { currencySchema } from "./currency";
import { orderDetailSchema } from "./order-lifecycle";
import { ORDER_STATUSES, orderStatusSchema } from "./orders";

/**
 * How much of an order the caller sees (server/modules/orders/order-access.ts): `full` (managers, admins), `work`
 * (a writer's assigned order: brief, thread, files, the customer's first name) or `pool` (unassigned work a writer may
 * take: the brief alone).
 */
export const orderAccessSchema = z.enum(["full", "work", "pool"]);
export type OrderAccessName = z.infer<typeof orderAccessSchema>;

/** Staff roles (LIFECYCLE.md). */
export const staffRoleSchema = z.enum(["writer", "manager", "admin"]);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");
const STATUS_LIST = new RegExp(`^(${ORDER_STATUSES.join("|")})(,(${ORDER_STATUSES.join("|")}))*$`);
const statusList = z
  .string()
  .max(200)
  .regex(STATUS_LIST)
  .transform((value) => value.split(",") as Array<z.infer<typeof orderStatusSchema>>);

/** `SC-000014:1,SC-000015:2`: deliverables picked in the queue, by their order's number and n. */
const SELECTED = /^SC-\d{6,12}:\d{1,3}(,SC-\d{6,12}:\d{1,3}){0,199}$/;
const selectedList = z
  .string()
  .max(4000)
  .regex(SELECTED)
  .transform((value) =>
    value.split(",").map((entry) => {
      const [number = "", n = "0"] = entry.split(":");
      return { number, n: Number(n) };
    }),
  );

/** The queue's sortable columns: order number, customer's name, service, status, due date, price (the order's total), writer's name. */
export const QUEUE_SORTS = ["number", "customer", "service", "status", "due", "price", "writer"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** Due-date windows of the queue and the dashboard: `risk` due within a day, `week` by the end of this week (UTC); not delivered, not late yet. */
export const dueWindowSchema = z.enum(["risk", "week"]);
export type DueWindow = z.infer<typeof dueWindowSchema>;

/** The order queue's filters, the same as URL parameters of /admin/orders and of GET /api/admin/orders(.csv). */
export const adminOrderQuerySchema = z.strictObject({
  status: statusList.optional().describe("comma-separated statuses"),
  service: productIdSchema.optional().describe("orders with this service or bundle"),
  writer: z
    .union([z.uuid(), z.literal("none"), z.literal("me"), z.literal("inactive")])
    .optional()
    .describe("the assigned writer's id, `me`, `none`, or `inactive` (work held by a deactivated colleague)"),
  late: z.enum(["true", "false"]).optional().describe("past the due date and not delivered"),
  due: dueWindowSchema.optional().describe("not delivered and due within a day (`risk`) or by the end of this week (`week`, Monday 00:00 UTC)"),
  currency: currencySchema.optional(),
  from: isoDate.optional().describe("placed on or after this day (UTC)"),
  to: isoDate.optional().describe("placed on or before this day (UTC)"),
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe("words to find, each the beginning of a word: an order number or part of it (`17` finds SC-000017), a customer's e-mail (its domain too), name or company, a brief, a message"),
  selected: selectedList.optional().describe("only these deliverables: comma-separated `<order number>:<n>` (at most 200)"),
  sort: z
    .enum(["due", "-due", ...QUEUE_SORTS.filter((column) => column !== "due")])
    .default("due")
    .describe("the column the queue is sorted by (`-due`: due date, latest first, the same as `sort=due&dir=desc`)"),
  dir: z.enum(["asc", "desc"]).optional().describe("the sort's direction: ascending (the default) or descending"),
  cursor: z.string().max(400).optional().describe("the nextCursor of the previous page (due-date sorts only)"),
  page: z.coerce.number().int().min(1).max(10_000).optional().describe("the page to show, from 1 (with any sort); the cursor is then ignored"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;
export type AdminOrderQueryInput = z.input<typeof adminOrderQuerySchema>;

export const staffMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: staffRoleSchema });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  dueAt: z.string(),
  late: z.boolean(),
  currency: currencySchema,
  total: z.number().describe("major units"),
  customerEmail: z.string().nullable().describe("null for a writer (LIFECYCLE.md: no e-mail)"),
  customerName: z.string().describe("a writer sees the first name of an assigned order's customer, nothing for the pool"),
  writer: z
    .object({ id: z.string(), name: z.string(), active: z.boolean().describe("false: the writer was deactivated and the work waits for someone") })
    .nullable(),
  services: z.array(productIdSchema),
  access: orderAccessSchema,
  deliverable: z.number().int().describe("the queue lists deliverables: this row's n in its order (status, dueAt, late and writer are its own)"),
  service: productIdSchema.describe("the service this deliverable is"),
  customerBlocked: z.boolean().describe("the customer is blocked: their paid work waits for a decision (refund or finish); false for the pool"),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** GET /api/admin/orders: one page of the queue in its sort; `nextCursor` is null on the last page (and for sorts other than the due date). */
export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  nextCursor: z.string().nullable(),
  page: z.number().int().nullable().describe("the page number shown, when asked for by `page`"),
  hasNext: z.boolean().describe("another page follows this one"),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** What staff may do on an order now, for the order page's buttons (the API checks again). */
export const STAFF_ACTIONS = ["take", "start", "ask", "deliver", "cancel", "credit", "assign", "message", "note"] as const;
export const staffActionSchema = z.enum(STAFF_ACTIONS);
export type StaffAction = z.infer<typeof staffActionSchema>;

/** A deliverable as staff see it, beside the customer's view of it in `deliverables`. */
export const staffDeliverableSchema = z.object({
  n: z.number().int(),
  writer: z.object({ id: z.string(), name: z.string() }).nullable(),
  staffActions: z.array(staffActionSchema).describe("what the caller may do on this deliverable now"),
  refunded: z.number().describe("major units refunded on it"),
  credited: z.number().describe("major units of goodwill credit on it"),
  revisionRequest: z
    .object({ round: z.number().int(), rounds: z.number().int(), changes: z.string(), requestedAt: z.string(), dueAt: z.string() })
    .nullable()
    .describe("while revision_requested: which round, what to change, and the new due date"),
});
export type StaffDeliverable = z.infer<typeof staffDeliverableSchema>;

/** GET /api/admin/orders/{id}: the order page as staff see it. */
export const staffOrderDetailSchema = orderDetailSchema.extend({
  access: orderAccessSchema,
  customer: z
    .object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string() })
    .nullable()
    .describe("a writer sees the first name only (no id, no e-mail) of an assigned order's customer, nothing for a pool item"),
  billing: z.record(z.string(), z.unknown()).nullable().describe("the billing fields sent with the order; null for a writer"),
  customerLocale: z.enum(["en", "es"]).describe("the language the customer ordered in: staff write to them in it"),
  customerBlocked: z.boolean().describe("the customer is blocked (false for a pool item)"),
  writer: z.object({ id: z.string(), name: z.string() }).nullable(),
  staffEvents: z.array(z.object({ at: z.string(), actorRole: z.string(), actorName: z.string().nullable(), kind: z.string(), from: orderStatusSchema.nullable(), to: orderStatusSchema.nullable(), note: z.string() })),
  staffActions: z.array(staffActionSchema),
  refunded: z.number().describe("major units already refunded"),
  staffDeliverables: z.array(staffDeliverableSchema),
  upload: z.object({ limitBytes: z.number().int(), allowedTypes: z.array(z.string()), maxFiles: z.number().int() }),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

/** POST /api/admin/orders/{id}/assign (manager, admin). */
export const assignWriterSchema = z.strictObject({ writerId: z.uuid().nullable() });

/** The most deliverables one bulk action takes (a page of the queue at its largest). */
export const BULK_LIMIT = 200;

/** POST /api/admin/deliverables/bulk-assign (manager, admin): several deliverables to one writer, or to the pool. */
export const bulkAssignRequestSchema = z.strictObject({
  deliverables: z
    .array(z.strictObject({ order: z.string().trim().min(1).max(100).describe("the order's id or number"), n: z.number().int().min(1).max(999) }))
    .min(1)
    .max(BULK_LIMIT),
  writerId: z.uuid().nullable().describe("the active colleague to give them to; null: back to the pool"),
});
export type BulkAssignRequest = z.input<typeof bulkAssignRequestSchema>;

/** One row of a bulk action: done, or why not (the others go on: one failure loses nothing else). */
export const bulkRowResultSchema = z.object({
  order: z.string().describe("as sent"),
  number: z.string().nullable().describe("the order's number when found"),
  n: z.number().int(),
  ok: z.boolean(),
  status: z.number().int().describe("what the same change alone would have answered: 200, or the error's status"),
  error: z.string().nullable().describe("why it failed, in the caller's language"),
});
export const bulkAssignAnswerSchema = z.object({
  assigned: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkRowResultSchema),
});
export type BulkAssignAnswer = z.infer<typeof bulkAssignAnswerSchema>;

/** POST /api/admin/orders/{id}/versions answer. */
export const uploadedVersionSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  version: z.number().int(),
  files: z.array(z.object({ fileName: z.string(), size: z.number().int() })),
});

const moneyPoint = z.object({ day: isoDate, amount: z.number().describe("major units") });

/** One person's open deliverables on the workload board. */
export const workloadRowSchema = z.object({
  writer: z.object({ id: z.string(), name: z.string(), active: z.boolean().describe("false: deactivated, still holding work") }),
  notStarted: z.number().int().describe("assigned, not started (paid)"),
  inProgress: z.number().int(),
  revision: z.number().int().describe("revision_requested"),
  awaiting: z.number().int().describe("waiting for the customer: a question (needs_info) or a delivery to review (delivered)"),
});
export type WorkloadRow = z.infer<typeof workloadRowSchema>;

/** GET /api/admin/dashboard. A writer sees their own orders' counts and no money. */
export const dashboardSchema = z.object({
  counts: z.object({
    waiting: z.number().int(),
    inProgress: z.number().int(),
    needsInfo: z.number().int(),
    late: z.number().int(),
    waitingForReview: z.number().int(),
    pool: z.number().int().describe("unassigned and waiting for a writer (queue: writer=none&status=paid)"),
    atRisk: z.number().int().describe("not delivered, due within a day and not late yet (queue: due=risk)"),
    dueThisWeek: z.number().int().describe("not delivered, due by the end of this week and not late yet (queue: due=week)"),
  }),
  workload: z.array(workloadRowSchema).nullable().describe("open deliverables per writer (every active writer, and anyone else holding work); null for a writer"),
  ticketsOpen: z.number().int().nullable(),
  money: z
    .array(
      z.object({
        currency: currencySchema,
        moneyIn: z.array(moneyPoint),
        moneyOut: z.array(moneyPoint),
        sales: z.array(moneyPoint).describe("what the orders placed that day cost"),
        totalIn: z.number(),
        totalOut: z.number(),
        totalSales: z.number(),
      }),
    )
    .nullable()
    .describe("per currency, one point per day of the last 30 days: deposits in, refunds out, order sales"),
  delivery: z.object({
    medianHours: z.number().nullable().describe("median hours from paid to the first delivery, over first deliveries of the last 30 days"),
    onTimeShare: z.number().nullable().describe("share (0–1) of those delivered by their due date"),
    delivered: z.number().int(),
  }),
  guarantee: z
    .array(z.object({ currency: currencySchema, count: z.number().int(), total: z.number().describe("major units") }))
    .nullable()
    .describe("the on-time guarantee's cost over the last 30 days, per currency: credits given to buyers of late work and their sum; null for a writer"),
  since: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
