import { z } from "zod";

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 5000;
export const SUBJECT_MAX = 120;

/** POST /api/support/create-ticket: who writes and what about. */
export const createTicketRequestSchema = z.strictObject({
  email: z.string().trim().pipe(z.email()),
  /** What it is about; left out or empty, the description's first line stands in. */
  subject: z.string().trim().max(SUBJECT_MAX).optional(),
  description: z.string().trim().min(DESCRIPTION_MIN).max(DESCRIPTION_MAX),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

export const createTicketResponseSchema = z.object({
  id: z.string(),
  reference: z.string().describe("the ticket number the sender is mailed and every page shows, e.g. T-5A8E837D"),
});
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;

/** The subject a ticket shows: the one given, else the description's first non-empty line, cut to SUBJECT_MAX. */
export function ticketSubject(subject: string | undefined | null, description: string): string {
  const given = subject?.trim();
  if (given) return given;
  const line = description.split(/\r?\n/).map((part) => part.trim()).find((part) => part.length > 0) ?? "";
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}
