import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  editBriefSchema,
  orderDetailSchema,
  postMessageSchema,
  revisionRequestSchema,
} from "../../../contract/order-lifecycle";
import { deliverableParamsSchema } from "../../../contract/deliverables";
import { type RouteGroup, routeGroup } from "../../platform/route-group";
import type { FileStorage } from "../storage";
import { actorOf, decodeAttachments } from "./order-requests";
import type { OrdersService } from "./orders.service";
import { sendResult } from "./result-download";

const params = z.object({ ref: z.string().max(100).describe("the order's id or its number (SC-000042)") });
const deliverableParams = params.extend({ n: deliverableParamsSchema.shape.n.describe("the deliverable's n in the order (1, 2, …)") });
/** Room for the largest attachments, base64-encoded, and the text. */
export const MESSAGE_BODY_LIMIT = Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) * ATTACHMENTS_MAX + 64 * 1024;
const errors = { 400: problemSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema };

/** The customer's order page and the moves of LIFECYCLE.md the customer makes: accept, revise, answer, cancel. */
export const orderLifecycleRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; storage: FileStorage }> = async (
  app,
  { orders, storage },
) => {
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["orders"] });

  signedIn.get(
    "/orders/:ref",
    {
      summary: "My order's page: timeline, versions, messages, due date and the moves that apply",
      params,
      response: { 200: orderDetailSchema, 404: problemSchema },
    },
    async (request) => orders.detail(request.params.ref, actorOf(request)),
  );

  /** A customer move: resolve the order (404 unless mine), make the move, answer the page as it now stands. */
  const move = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B | undefined,
    act: (id: string, request: { body: z.output<B> } & Parameters<typeof actorOf>[0]) => Promise<unknown>,
    bodyLimit?: number,
  ) =>
    signedIn.post(
      `/orders/:ref/${path}`,
      { summary, params, ...(body ? { body } : {}), response: { 200: orderDetailSchema, ...errors }, bodyLimit },
      async (request) => {
        const actor = actorOf(request);
        const id = await orders.idFor(request.params.ref, actor);
        await act(id, request as never);
        return orders.detail(id, actor);
      },
    );

  move("accept", "delivered → completed: I accept the delivery", undefined, (id, request) =>
    orders.actions.accept(id, actorOf(request)),
  );
  move(
    "revision",
    "delivered → revision_requested with what to change, while revision rounds remain (else 409)",
    revisionRequestSchema,
    (id, request) => orders.actions.requestRevision(id, actorOf(request), request.body.changes),
  );
  move(
    "cancel",
    "Cancel before work starts, or a late order not delivered: the whole total back on the balance",
    undefined,
    (id, request) => orders.actions.cancel(id, actorOf(request)),
  );
  move(
    "messages",
    "Write to staff (attachments base64, each up to 2 MB); while the order needs_info this is the answer and the clock resumes",
    postMessageSchema,
    (id, request) =>
      orders.actions.postMessage(id, actorOf(request), {
        body: request.body.body,
        attachments: decodeAttachments(request.body.attachments),
        deliverable: request.body.deliverable,
      }),
    MESSAGE_BODY_LIMIT,
  );
  move(
    "brief",
    "While the order needs_info: correct one item's brief (checked like at checkout); this is the answer and the clock resumes",
    editBriefSchema,
    (id, request) => orders.actions.editBrief(id, actorOf(request), request.body.position, request.body.brief),
  );
  move("read", "Marks the thread read up to now", undefined, (id, request) =>
    orders.actions.markRead(id, actorOf(request)),
  );

  deliverableMoves(signedIn, orders);

  signedIn.get(
    "/orders/:ref/files/:fileId",
    {
      summary: "Download any version's file or a message attachment of my order (Range, If-Range, ETag)",
      params: params.extend({ fileId: z.string().max(100) }),
      compress: false,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await orders.idFor(request.params.ref, actor);
      return sendResult(request, reply, await orders.actions.file(id, request.params.fileId, actor), storage);
    },
  );
};

/** The customer's moves on one deliverable (LIFECYCLE.md): 404 unless the order is mine and has deliverable `n`. */
function deliverableMoves(signedIn: RouteGroup<"signed-in">, orders: OrdersService): void {
  const deliverableMove = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B | undefined,
    act: (id: string, n: number, request: { body: z.output<B> } & Parameters<typeof actorOf>[0]) => Promise<unknown>,
  ) =>
    signedIn.post(
      `/orders/:ref/deliverables/:n/${path}`,
      { summary, params: deliverableParams, ...(body ? { body } : {}), response: { 200: orderDetailSchema, ...errors } },
      async (request) => {
        const actor = actorOf(request);
        const id = await orders.idFor(request.params.ref, actor);
        await act(id, request.params.n, request as never);
        return orders.detail(id, actor);
      },
    );

  deliverableMove("accept", "Deliverable n: delivered → completed (ends its revision rounds and its review window)", undefined, (id, n, request) =>
    orders.actions.accept(id, actorOf(request), n),
  );
  deliverableMove("favourite", "Deliverable n, completed: mark its writer as one of my favourite writers (409 before it is accepted)", undefined, (id, n, request) =>
    orders.favourites.mark(id, n, actorOf(request)),
  );
  deliverableMove(
    "revision",
    "Deliverable n: delivered → revision_requested with what to change, while its rounds remain (else 409); a new due date from the service's revision turnaround",
    revisionRequestSchema,
    (id, n, request) => orders.actions.requestRevision(id, actorOf(request), request.body.changes, n),
  );
  deliverableMove(
    "cancel",
    "Deliverable n: cancel before work starts, or when late and not delivered: its share (less what was given back) back on the balance",
    undefined,
    (id, n, request) => orders.actions.cancel(id, actorOf(request), n),
  );

}
