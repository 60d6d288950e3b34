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
import { routeGroup, type SignedInRequest } from "../../platform/route-group";
import { type StaffActor, staffActorOf } from "../../platform/staff-action";
import type { SupportDeskService } from "./support-desk.service";

const params = z.object({ id: z.string().uuid() });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** Answers through a private link, per IP address: a person answers a few times, a script is stopped. */
export const TICKET_ANSWER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/** The support inbox (manager and admin; a writer gets 403) and the requester's private link (no sign-in). */
export const supportDeskRoutes: FastifyPluginAsyncZod<{ desk: SupportDeskService }> = async (app, { desk }) => {
  const manager = routeGroup(app, { guard: "manager", tags: ["admin"], errors });
  /** A desk move by the signed-in manager, answering the ticket as it now stands. */
  const thenDetail = async (request: SignedInRequest, id: string, act: (actor: StaffActor) => Promise<unknown>) => {
    const actor = staffActorOf(request);
    await act(actor);
    return desk.detail(id, actor);
  };

  manager.get(
    "/admin/support/tickets",
    {
      summary: "The support inbox: open or closed tickets, last activity first",
      querystring: ticketListQuerySchema,
      response: { 200: ticketListSchema },
    },
    async (request) => ({ items: await desk.list(request.query.status, request.query.q, staffActorOf(request)) }),
  );
  manager.get(
    "/admin/support/tickets/:id",
    {
      summary: "One ticket: its thread, and the customer with the same email and their orders",
      params,
      response: { 200: ticketDetailSchema },
    },
    async (request) => desk.detail(request.params.id, staffActorOf(request)),
  );
  manager.post(
    "/admin/support/tickets/:id/replies",
    {
      summary: "Reply: the requester is mailed the reply in their language with a private link to answer",
      params,
      body: ticketReplySchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) =>
      thenDetail(request, request.params.id, (actor) => desk.reply(request.params.id, request.body.body, actor)),
  );
  manager.post(
    "/admin/support/tickets/:id/assign",
    {
      summary: "Assign to a manager or admin (staffId), or to nobody (null)",
      params,
      body: ticketAssignSchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) =>
      thenDetail(request, request.params.id, (actor) => desk.assign(request.params.id, request.body.staffId, actor)),
  );
  for (const move of ["close", "reopen"] as const) {
    manager.post(
      `/admin/support/tickets/:id/${move}`,
      {
        summary: move === "close" ? "Close an open ticket (409 when closed)" : "Reopen a closed ticket (409 when open)",
        params,
        response: { 200: ticketDetailSchema },
      },
      async (request) => thenDetail(request, request.params.id, (actor) => desk[move](request.params.id, actor)),
    );
  }

  const open = routeGroup(app, { guard: "public", tags: ["support"] });
  open.get(
    "/support/tickets/:token",
    {
      summary: "The requester's thread behind the private link mailed with a staff reply (404 once the link has ended)",
      params: ticketTokenParamsSchema,
      response: { 200: publicTicketSchema, 404: problemSchema },
    },
    async ({ params }, reply) => {
      reply.header("cache-control", "no-store");
      return desk.byToken(params.token);
    },
  );
  open.post(
    "/support/tickets/:token/replies",
    {
      summary: "The requester answers through the private link: the ticket reopens and the support team is told",
      rateLimit: TICKET_ANSWER_RATE_LIMIT,
      params: ticketTokenParamsSchema,
      body: ticketReplySchema,
      response: { 200: publicTicketSchema, 400: problemSchema, 404: problemSchema, 429: problemSchema },
    },
    async ({ params, body }, reply) => {
      reply.header("cache-control", "no-store");
      return desk.answerByToken(params.token, body.body);
    },
  );
};
