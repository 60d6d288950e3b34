import { z } from "zod";
import { productIdSchema } from "./catalog";
import { deliverableStatusSchema } from "./deliverables";
import { orderListEntrySchema, orderStatusSchema } from "./orders";
import { deliverableOptionSchema } from "./service-options";

/** Who did something, as the customer sees it: staff roles are not shown to customers. */
export const eventActorSchema = z.enum(["customer", "staff", "system"]);

export const orderEventSchema = z.object({
  at: z.string(),
  actor: eventActorSchema,
  kind: z.enum(["status", "late", "reminder", "assigned"]),
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema.nullable(),
  note: z.string(),
  deliverable: z.number().int().nullable().describe("the deliverable's n, or null when about the whole order"),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type OrderFile = z.infer<typeof orderFileSchema>;

/** POST /api/admin/orders/{id}/files/{fileId}/link: a short-lived link to one file that a new tab opens without the token. */
export const staffFileLinkSchema = z.object({
  path: z.string().describe("the API path to open (GET), signed for this member of staff and this file"),
  expiresAt: z.string().describe("ISO-8601 UTC: the link opens nothing after this"),
});
export type StaffFileLink = z.infer<typeof staffFileLinkSchema>;

export const orderVersionSchema = z.object({
  number: z.number().int().describe("1, 2, …: every version stays downloadable"),
  createdAt: z.string(),
  note: z.string(),
  files: z.array(orderFileSchema),
  deliverable: z.number().int().nullable().describe("the deliverable's n; null on an older order delivered as a whole"),
});
export type OrderVersion = z.infer<typeof orderVersionSchema>;

export const orderMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["customer", "staff"]),
  authorName: z.string().nullable().describe("a staff message is signed with its author's name; null for the customer's own"),
  /** Staff only: a note the customer never sees. */
  internal: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(orderFileSchema),
  deliverable: z.number().int().nullable().describe("the deliverable's n the message is about, or null"),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** What the customer may do now (LIFECYCLE.md transitions). */
export const CUSTOMER_ACTIONS = ["accept", "request_revision", "answer", "cancel", "cancel_late"] as const;
export const customerActionSchema = z.enum(CUSTOMER_ACTIONS);
export type CustomerAction = z.infer<typeof customerActionSchema>;

/** One deliverable as its customer sees it on the order page. */
export const deliverableSchema = z.object({
  n: z.number().int(),
  productId: productIdSchema.describe("the service worked"),
  bundleId: productIdSchema.nullable().describe("the bundle it was bought in, or null"),
  itemPosition: z.number().int().describe("the order item (and brief) it comes from, from 0"),
  price: z.number().describe("major units: its share of what was paid"),
  status: deliverableStatusSchema,
  dueAt: z.string().describe("ISO-8601 UTC; moved later by the time spent in needs_info; a revision request sets a new one"),
  late: z.boolean().describe("past the due date and not delivered yet"),
  reviewEndsAt: z.string().nullable(),
  revisionRounds: z.number().int(),
  revisionsUsed: z.number().int(),
  revisionDays: z.number().int().describe("business days a requested revision takes (the catalog's when the order was placed)"),
  options: z.array(deliverableOptionSchema).describe("the options it was bought with; its price includes theirs"),
  refunded: z.number().describe("major units given back by refunds"),
  credited: z.number().describe("major units given back as goodwill credit"),
  events: z.array(orderEventSchema),
  versions: z.array(orderVersionSchema),
  actions: z.array(customerActionSchema),
  writer: z
    .object({ writerId: z.string(), displayName: z.string(), favourite: z.boolean().describe("the buyer marked this writer a favourite") })
    .nullable()
    .optional()
    .describe("the customer's page: who writes it, by display name only (never an e-mail or a full name); null while nobody does"),
  onTimeCredit: z
    .object({ amount: z.number().describe("major units"), expectedAt: z.string().describe("ISO-8601 UTC: the new expected delivery date") })
    .nullable()
    .optional()
    .describe("the customer's page: what the on-time guarantee credited when it became late (part of `credited`), or null"),
  wishedWriter: z
    .object({ writerId: z.string(), displayName: z.string(), active: z.boolean() })
    .nullable()
    .optional()
    .describe("staff pages: the favourite writer the buyer asked for when ordering (issue 28), whether or not they got it"),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

/** GET /api/orders/{id or number}: the order page. */
export const orderDetailSchema = orderListEntrySchema.extend({
  reviewEndsAt: z.string().nullable(),
  revisionRounds: z.number().int(),
  revisionsUsed: z.number().int(),
  events: z.array(orderEventSchema),
  versions: z.array(orderVersionSchema),
  messages: z.array(orderMessageSchema),
  unreadMessages: z.number().int(),
  actions: z.array(customerActionSchema),
  deliverables: z.array(deliverableSchema).describe("one per service; the order-level fields above describe them together"),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Attachments travel base64-encoded inside the JSON body; each at most this many bytes once decoded. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENTS_MAX = 3;
export const MESSAGE_MAX = 5000;

export const attachmentSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z
    .string()
    .max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

/**
 * POST /api/orders/{id}/brief: while the order needs_info, the customer corrects one item's brief (checked against its
 * form like at checkout); this is the answer and the clock resumes.
 */
export const editBriefSchema = z.strictObject({
  position: z.number().int().min(0).max(99).describe("the item's position in the order, from 0"),
  brief: z.record(z.string(), z.unknown()),
});
export type EditBriefRequest = z.infer<typeof editBriefSchema>;

/** POST /api/orders/{id}/messages: a message to staff; while the order needs_info it is the answer. */
export const postMessageSchema = z.strictObject({
  body: z.string().trim().min(1).max(MESSAGE_MAX),
  deliverable: z.number().int().min(1).max(999).optional().describe("the n of the deliverable it is about"),
  attachments: z.array(attachmentSchema).max(ATTACHMENTS_MAX).default([]),
});

/** POST /api/orders/{id}/revision */
export const revisionRequestSchema = z.strictObject({ changes: z.string().trim().min(1).max(MESSAGE_MAX) });

/** Staff: POST /api/admin/orders/{id}/ask */
export const askQuestionSchema = z.strictObject({ message: z.string().trim().min(1).max(MESSAGE_MAX) });

/** Staff: POST /api/admin/orders/{id}/messages (internal: a note the customer never sees) */
export const staffMessageSchema = postMessageSchema.extend({ internal: z.boolean().default(false) });

/** Staff (manager, admin): POST /api/admin/orders/{id}/cancel; `refund` in major units, up to the total (default all). */
export const staffCancelSchema = z.strictObject({
  reason: z.string().trim().min(1).max(1000),
  refund: z.number().min(0).multipleOf(0.01).optional(),
});

/** Staff: POST /api/admin/orders/{id}/deliver as JSON, for several files at once. */
export const deliverVersionSchema = z.strictObject({
  note: z.string().trim().max(MESSAGE_MAX).default(""),
  files: z.array(attachmentSchema.extend({ contentBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) })).min(1).max(20),
});

/** Staff: POST /api/admin/orders/{id}/start, optionally naming the writer (default: the caller). */
export const startWorkSchema = z.strictObject({ writerId: z.string().uuid().optional() }).nullish();

/** The staff view of an order answer after a move. */
export const staffOrderAnswerSchema = z.object({ id: z.string(), number: z.string(), status: orderStatusSchema });
