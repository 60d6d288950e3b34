import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createTicketRequestSchema, createTicketResponseSchema } from "../../../contract/support";
import { routeGroup } from "../../platform/route-group";
import { DomainError } from "../../platform/domain-error";
import type { SupportService } from "./support.service";

/** Tickets per IP address and window: enough for a person, too few for a spammer. */
export const TICKET_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" };

/**
 * Tickets per email address and window, counted after the body is read: many IP addresses together cannot flood
 * one mailbox with confirmations.
 */
export const TICKET_RATE_LIMIT_PER_EMAIL = { max: 5, timeWindow: "10 minutes" };

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  const perEmail = app.createRateLimit({
    ...TICKET_RATE_LIMIT_PER_EMAIL,
    keyGenerator: (request) => `ticket-to:${(request.body as { email: string }).email.trim().toLowerCase()}`,
  });
  const open = routeGroup(app, { guard: "public", tags: ["support"] });
  open.post(
    "/support/create-ticket",
    {
      summary: "Open a support ticket; the sender and the support team are emailed",
      rateLimit: TICKET_RATE_LIMIT,
      preHandler: async (request) => {
        const count = await perEmail(request);
        if (!count.isAllowed && count.isExceeded) throw DomainError.tooMany("detail.429", count.ttlInSeconds);
      },
      body: createTicketRequestSchema,
      response: { 200: createTicketResponseSchema },
    },
    async ({ body, locale }) => support.createTicket(body, locale),
  );
};
