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

/** GET /api/admin/support/tickets: one line of the inbox. */
export const ticketListEntrySchema = z.object({
  id: z.string(),
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
  status: ticketStatusSchema.default("open"),
  q: z.string().trim().max(254).optional().describe("words the ticket holds, each the beginning of a word: its reference, the requester's e-mail (its domain too), its messages"),
});
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
export const ticketDetailSchema = z.object({
  id: z.string(),
  email: z.string(),
  locale: z.enum(["en", "es"]),
  status: ticketStatusSchema,
  assignee: staffMemberSchema.nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
  customer: z.object({ id: z.string(), name: z.string(), orders: z.array(customerOrderLineSchema) }).nullable(),
  /** Who may be assigned (managers and admins). */
  assignees: z.array(staffMemberSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketReplySchema = z.strictObject({ body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) });
export type TicketReply = z.infer<typeof ticketReplySchema>;
export const ticketAssignSchema = z.strictObject({ staffId: z.string().uuid().nullable() });
export type TicketAssign = z.infer<typeof ticketAssignSchema>;

/** GET /api/support/tickets/:token: what the requester sees through the private link (no sign-in). */
export const publicTicketSchema = z.object({
  id: z.string(),
  status: ticketStatusSchema,
  createdAt: z.string(),
  messages: z.array(ticketMessageSchema),
  expiresAt: z.string(),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;
export const ticketTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });
