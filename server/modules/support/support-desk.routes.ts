import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publicTicketSchema,
  ticketAssignSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReplySchema,
  ticketTokenParamsSchema,
} from "../../../contract/admin-support";
import { problemSchema } from "../../../contract/errors";
import { staffActorOf } from "../../platform/staff-action";
import type { SupportDeskService } from "./support-desk.service";

const params = z.object({ id: z.string().uuid() });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const docs = { tags: ["admin"], security: [{ bearer: [] }] };

/** Answers through a private link, per IP address: a person answers a few times, a script is stopped. */
export const TICKET_ANSWER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/** The support inbox (manager and admin; a writer gets 403) and the requester's private link (no sign-in). */
export const supportDeskRoutes: FastifyPluginAsyncZod<{ desk: SupportDeskService }> = async (app, { desk }) => {
  app.get(
    "/admin/support/tickets",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "The support inbox: open or closed tickets, last activity first", querystring: ticketListQuerySchema, response: { 200: ticketListSchema, ...errors } } },
    async (request) => ({ items: await desk.list(request.query.status, request.query.q, staffActorOf(request)) }),
  );

  app.get(
    "/admin/support/tickets/:id",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "One ticket: its thread, and the customer with the same email and their orders", params, response: { 200: ticketDetailSchema, ...errors } } },
    async (request) => desk.detail(request.params.id, staffActorOf(request)),
  );

  app.post(
    "/admin/support/tickets/:id/replies",
    {
      onRequest: app.requireRole("manager"),
      schema: { ...docs, summary: "Reply: the requester is mailed the reply in their language with a private link to answer", params, body: ticketReplySchema, response: { 200: ticketDetailSchema, ...errors } },
    },
    async (request) => {
      const actor = staffActorOf(request);
      await desk.reply(request.params.id, request.body.body, actor);
      return desk.detail(request.params.id, actor);
    },
  );

  app.post(
    "/admin/support/tickets/:id/assign",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "Assign to a manager or admin (staffId), or to nobody (null)", params, body: ticketAssignSchema, response: { 200: ticketDetailSchema, ...errors } } },
    async (request) => {
      const actor = staffActorOf(request);
      await desk.assign(request.params.id, request.body.staffId, actor);
      return desk.detail(request.params.id, actor);
    },
  );

  for (const move of ["close", "reopen"] as const) {
    app.post(
      `/admin/support/tickets/:id/${move}`,
      { onRequest: app.requireRole("manager"), schema: { ...docs, summary: move === "close" ? "Close an open ticket (409 when closed)" : "Reopen a closed ticket (409 when open)", params, response: { 200: ticketDetailSchema, ...errors } } },
      async (request) => {
        const actor = staffActorOf(request);
        await desk[move](request.params.id, actor);
        return desk.detail(request.params.id, actor);
      },
    );
  }

  app.get(
    "/support/tickets/:token",
    {
      schema: {
        tags: ["support"],
        summary: "The requester's thread behind the private link mailed with a staff reply (404 once the link has ended)",
        params: ticketTokenParamsSchema,
        response: { 200: publicTicketSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return desk.byToken(request.params.token);
    },
  );

  app.post(
    "/support/tickets/:token/replies",
    {
      config: { rateLimit: TICKET_ANSWER_RATE_LIMIT },
      schema: {
        tags: ["support"],
        summary: "The requester answers through the private link: the ticket reopens and the support team is told",
        params: ticketTokenParamsSchema,
        body: ticketReplySchema,
        response: { 200: publicTicketSchema, 400: problemSchema, 404: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return desk.answerByToken(request.params.token, request.body.body);
    },
  );
};
