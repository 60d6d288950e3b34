import { z } from "zod";

/** One row of the staff audit log (LIFECYCLE.md): who, when, from which address, what, on what, before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string().describe("ISO-8601 UTC"),
  actorId: z.string().nullable().describe("the staff user; null for the system"),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable().describe("the actor's name, as staff know them; null for the system"),
  actorRole: z.string(),
  ip: z.string(),
  action: z.string().describe("what was done, e.g. `order.refund`, `staff.invite`"),
  subjectType: z.string().describe("e.g. `order`, `customer`, `product`, `staff`"),
  subjectId: z.string(),
  subjectLabel: z
    .string()
    .nullable()
    .describe("what people call the subject: an order's number, a customer's or staff member's name, a ticket's number; null when unknown"),
  names: z.record(z.string(), z.string()).describe("names of the people the change mentions (an order's new writer), by id"),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());
const term = z.string().trim().min(1).max(100);

/** Filters of `GET /api/admin/audit`; `cursor` is the `next` of the previous page. */
export const auditQuerySchema = z.object({
  actor: term.optional().describe("the actor's user id or email"),
  action: term.optional().describe("exact action, or a prefix ending in a dot (`order.`)"),
  subjectType: term.optional(),
  subjectId: term.optional(),
  from: isoDate.optional().describe("on or after (a date means its start, UTC)"),
  to: isoDate.optional().describe("before (a date means the end of that day, UTC)"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next: z.string().nullable().describe("cursor of the next (older) page; null at the end"),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/facets: what the log's filters offer, taken from the log itself. */
export const auditFacetsSchema = z.object({
  actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })).describe("everyone who did something, by name"),
  actions: z.array(z.string()).describe("every action recorded, sorted"),
  subjectTypes: z.array(z.string()).describe("every kind of subject recorded, sorted"),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
