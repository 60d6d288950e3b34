import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publicTicketSchema,
  savedReplyListSchema,
  savedReplyRequestSchema,
  savedReplySchema,
  ticketAssignSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketNoteRequestSchema,
  ticketReplySchema,
  ticketTagRequestSchema,
  ticketTagSchema,
  ticketTokenParamsSchema,
} from "../../../contract/admin-support";
import { problemSchema } from "../../../contract/errors";
import { type RouteGroup, routeGroup, type SignedInRequest, type ZodApp } from "../../platform/route-group";
import { type StaffActor, staffActorOf } from "../../platform/staff-action";
import type { SavedReplies } from "./saved-replies";
import type { SupportDeskService } from "./support-desk.service";

/** A ticket's id, or its number (T-5A8E837D) as every mail and page shows it. */
const params = z.object({
  id: z.union([z.uuid(), z.string().regex(/^[Tt]-[0-9A-Fa-f]{8}$/)]).describe("the ticket's id or its number, e.g. T-5A8E837D"),
});
const tagParams = params.extend({ tag: ticketTagSchema });
const replyParams = z.object({ id: z.uuid() });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** Answers through a private link, per IP address: a person answers a few times, a script is stopped. */
export const TICKET_ANSWER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };

/**
 * The support desk (managers and admins every ticket; a writer the tickets assigned to them, 403 on others; only
 * managers and admins assign and edit saved replies) and the requester's private link (no sign-in).
 */
export const supportDeskRoutes: FastifyPluginAsyncZod<{ desk: SupportDeskService; savedReplies: SavedReplies }> = async (
  app,
  { desk, savedReplies },
) => {
  const staff = routeGroup(app, { guard: "writer", tags: ["admin"], errors });
  const manager = routeGroup(app, { guard: "manager", tags: ["admin"], errors });
  /** A desk move by the signed-in member of staff, answering the ticket as it now stands. */
  const thenDetail = async (request: SignedInRequest, id: string, act: (actor: StaffActor) => Promise<unknown>) => {
    const actor = staffActorOf(request);
    await act(actor);
    return desk.detail(id, actor);
  };

  staff.get(
    "/admin/support/tickets",
    {
      summary: "The support inbox: open, closed or all tickets, last activity first, by e-mail part, ticket number or tag (a writer: theirs)",
      querystring: ticketListQuerySchema,
      response: { 200: ticketListSchema },
    },
    async (request) => ({ items: await desk.list(request.query, staffActorOf(request)) }),
  );
  staff.get(
    "/admin/support/tickets/:id",
    {
      summary: "One ticket by id or number: its thread, notes, tags, timers, and the customer with the same email and their orders",
      params,
      response: { 200: ticketDetailSchema },
    },
    async (request) => desk.detail(request.params.id, staffActorOf(request)),
  );
  staff.post(
    "/admin/support/tickets/:id/replies",
    {
      summary: "Reply: the requester is mailed the reply in their language with a private link to answer",
      params,
      body: ticketReplySchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) => thenDetail(request, request.params.id, (actor) => desk.reply(request.params.id, request.body.body, actor)),
  );
  staff.post(
    "/admin/support/tickets/:id/notes",
    {
      summary: "An internal note: staff only, never shown to the requester or mailed",
      params,
      body: ticketNoteRequestSchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) => thenDetail(request, request.params.id, (actor) => desk.note(request.params.id, request.body.body, actor)),
  );
  staff.post(
    "/admin/support/tickets/:id/tags",
    {
      summary: "Tag a ticket (lower-case letters, digits, dashes; 400 when it has the tag)",
      params,
      body: ticketTagRequestSchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) => thenDetail(request, request.params.id, (actor) => desk.tag(request.params.id, request.body.tag, actor)),
  );
  staff.delete(
    "/admin/support/tickets/:id/tags/:tag",
    { summary: "Remove a tag from a ticket (404 when it does not have it)", params: tagParams, response: { 200: ticketDetailSchema } },
    async (request) => thenDetail(request, request.params.id, (actor) => desk.untag(request.params.id, request.params.tag, actor)),
  );
  manager.post(
    "/admin/support/tickets/:id/assign",
    {
      summary: "Assign to an active writer, manager or admin (staffId), or to nobody (null)",
      params,
      body: ticketAssignSchema,
      response: { 200: ticketDetailSchema },
    },
    async (request) => thenDetail(request, request.params.id, (actor) => desk.assign(request.params.id, request.body.staffId, actor)),
  );
  for (const move of ["close", "reopen"] as const) {
    staff.post(
      `/admin/support/tickets/:id/${move}`,
      {
        summary: move === "close" ? "Close an open ticket (409 when closed)" : "Reopen a closed ticket (409 when open)",
        params,
        response: { 200: ticketDetailSchema },
      },
      async (request) => thenDetail(request, request.params.id, (actor) => desk[move](request.params.id, actor)),
    );
  }

  declareSavedReplies(staff, manager, savedReplies);
  declareTicketLink(app, desk);
};

/** Saved replies: every member of the desk reads them, managers and admins change them. */
function declareSavedReplies(staff: RouteGroup<"writer">, manager: RouteGroup<"manager">, savedReplies: SavedReplies) {
  staff.get(
    "/admin/support/saved-replies",
    { summary: "Saved replies, each in English and Spanish, by English title", response: { 200: savedReplyListSchema } },
    async (request) => ({ items: await savedReplies.list(staffActorOf(request)) }),
  );
  manager.post(
    "/admin/support/saved-replies",
    { summary: "Save a reply (title and body in both languages)", body: savedReplyRequestSchema, response: { 200: savedReplySchema } },
    async (request) => savedReplies.create(request.body, staffActorOf(request)),
  );
  manager.put(
    "/admin/support/saved-replies/:id",
    { summary: "Change a saved reply", params: replyParams, body: savedReplyRequestSchema, response: { 200: savedReplySchema } },
    async (request) => savedReplies.update(request.params.id, request.body, staffActorOf(request)),
  );
  manager.delete(
    "/admin/support/saved-replies/:id",
    { summary: "Delete a saved reply", params: replyParams, response: { 200: savedReplyListSchema } },
    async (request) => {
      const actor = staffActorOf(request);
      await savedReplies.remove(request.params.id, actor);
      return { items: await savedReplies.list(actor) };
    },
  );

}

/** The requester's side, behind the private link mailed with a staff reply (no sign-in). */
function declareTicketLink(app: ZodApp, desk: SupportDeskService) {
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
}
