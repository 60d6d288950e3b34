import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createTicketRequestSchema, createTicketResponseSchema } from "../../../contract/support";
import type { SupportService } from "./support.service";

/** Tickets per IP address and window: enough for a person, too few for a spammer. */
export const TICKET_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" };

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.post(
    "/support/create-ticket",
    {
      config: { rateLimit: TICKET_RATE_LIMIT },
      schema: {
        tags: ["support"],
        summary: "Open a support ticket; the sender and the support team are emailed",
        body: createTicketRequestSchema,
        response: { 200: createTicketResponseSchema },
      },
    },
    async (request) => support.createTicket(request.body, request.locale),
  );
};
