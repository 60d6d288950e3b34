import { z } from "zod";
import { currencySchema } from "./currency";
import { orderStatusSchema } from "./orders";

/** A reply or message in a ticket's thread. */
export const SUPPORT_MESSAGE_MAX = 5000;

export const ticketStatusSchema = z.enum(["open", "closed"]);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["requester", "staff"]),
  /** Staff name as the requester sees it (first name), null for the requester. */
  staffName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const staffMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** How long a ticket has waited and whether the first answer came in time (SUPPORT_FIRST_RESPONSE_HOURS). */
const ticketTimersShape = {
  /** Minutes since the ticket was opened (by the server's clock). */
  ageMinutes: z.number().int(),
  /** When staff first answered; null while nobody has. */
  firstResponseAt: z.string().nullable(),
  /** When the first answer is due: opened + SUPPORT_FIRST_RESPONSE_HOURS. */
  firstResponseDueAt: z.string(),
  /** No staff answer yet, the ticket open, and the due time passed. */
  overdue: z.boolean(),
};

export const TAG_MAX = 32;
/** A tag: lower-case letters, digits and dashes (it is typed, shown and filtered as is). */
export const ticketTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(TAG_MAX)
  .regex(/^[\p{Ll}\p{N}][\p{Ll}\p{N}-]*$/u);

/** GET /api/admin/support/tickets: one line of the inbox. */
export const ticketListEntrySchema = z.object({
  id: z.string(),
  /** The ticket number everyone uses (T- and eight hex digits); the API takes it wherever it takes the id. */
  reference: z.string(),
  subject: z.string(),
  tags: z.array(z.string()),
  ...ticketTimersShape,
  email: z.string(),
  status: ticketStatusSchema,
  excerpt: z.string(),
  assignee: staffMemberSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote last: a ticket whose last word is the requester's waits for us. */
  lastAuthor: z.enum(["requester", "staff"]),
});
export type TicketListEntry = z.infer<typeof ticketListEntrySchema>;

export const ticketListQuerySchema = z.object({
  status: z.enum(["open", "closed", "all"]).default("open"),
  q: z.string().trim().max(254).optional().describe("words the ticket holds, each the beginning of a word: its number (T-5A8E837D), the requester's e-mail (its domain too), its messages"),
  tag: ticketTagSchema.optional().describe("only tickets with this tag"),
});
export type TicketListStatus = z.infer<typeof ticketListQuerySchema>["status"];
export const ticketListSchema = z.object({ items: z.array(ticketListEntrySchema) });
export type TicketList = z.infer<typeof ticketListSchema>;

export const customerOrderLineSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  currency: currencySchema,
  total: z.number().describe("major units"),
  createdAt: z.string(),
});
export type CustomerOrderLine = z.infer<typeof customerOrderLineSchema>;

/** GET /api/admin/support/tickets/:id: the ticket, its thread, and the customer with the same email when there is one. */
export const ticketNoteSchema = z.object({ id: z.string(), staffName: z.string().nullable(), body: z.string(), createdAt: z.string() });
export type TicketNote = z.infer<typeof ticketNoteSchema>;

export const ticketDetailSchema = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  tags: z.array(z.string()),
  /** Internal notes, staff only: never shown to the requester or mailed. */
  notes: z.array(ticketNoteSchema),
  ...ticketTimersShape,
  email: z.string(),
  locale: z.enum(["en", "es"]),
  status: ticketStatusSchema,
  assignee: staffMemberSchema.nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
  customer: z.object({ id: z.string(), name: z.string(), orders: z.array(customerOrderLineSchema) }).nullable(),
  /** Who may be assigned: active writers, managers and admins. */
  assignees: z.array(staffMemberSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketReplySchema = z.strictObject({ body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) });
export type TicketReply = z.infer<typeof ticketReplySchema>;
export const ticketNoteRequestSchema = z.strictObject({ body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) });
export type TicketNoteRequest = z.infer<typeof ticketNoteRequestSchema>;
export const ticketTagRequestSchema = z.strictObject({ tag: ticketTagSchema });
export type TicketTagRequest = z.infer<typeof ticketTagRequestSchema>;
export const ticketAssignSchema = z.strictObject({ staffId: z.string().uuid().nullable() });
export type TicketAssign = z.infer<typeof ticketAssignSchema>;

/** GET /api/support/tickets/:token: what the requester sees through the private link (no sign-in). */
export const publicTicketSchema = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  status: ticketStatusSchema,
  createdAt: z.string(),
  messages: z.array(ticketMessageSchema),
  expiresAt: z.string(),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;
export const ticketTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

export const SAVED_REPLY_TITLE_MAX = 120;
const localizedText = (max: number) => z.strictObject({ en: z.string().trim().min(1).max(max), es: z.string().trim().min(1).max(max) });

/** POST /api/admin/support/saved-replies and PUT …/:id: a saved reply's title and body, in both languages. */
export const savedReplyRequestSchema = z.strictObject({
  title: localizedText(SAVED_REPLY_TITLE_MAX),
  body: localizedText(SUPPORT_MESSAGE_MAX),
});
export type SavedReplyRequest = z.infer<typeof savedReplyRequestSchema>;

export const savedReplySchema = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), es: z.string() }),
  body: z.object({ en: z.string(), es: z.string() }),
  updatedAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;
export const savedReplyListSchema = z.object({ items: z.array(savedReplySchema) });
export type SavedReplyList = z.infer<typeof savedReplyListSchema>;
