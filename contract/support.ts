import { z } from "zod";

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 5000;

/** POST /api/support/create-ticket: who writes and what about. */
export const createTicketRequestSchema = z.strictObject({
  email: z.string().trim().pipe(z.email()),
  description: z.string().trim().min(DESCRIPTION_MIN).max(DESCRIPTION_MAX),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

export const createTicketResponseSchema = z.object({ id: z.string() });
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;
