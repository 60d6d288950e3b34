import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import { toMinor } from "../../../contract/money";
import {
  askQuestionSchema,
  deliverVersionSchema,
  staffCancelSchema,
  staffMessageSchema,
  staffOrderAnswerSchema,
  startWorkSchema,
} from "../../../contract/order-lifecycle";
import { cancelDeliverableSchema, deliverableParamsSchema, goodwillCreditSchema } from "../../../contract/deliverables";
import { DomainError } from "../../platform/domain-error";
import { type RouteGroup, routeGroup } from "../../platform/route-group";
import { byteLimit, tooLarge } from "../storage";
import { MESSAGE_BODY_LIMIT } from "./order-lifecycle.routes";
import { allowedType } from "./order-files";
import { actorOf, decodeAttachments } from "./order-requests";
import type { OrdersService } from "./orders.service";

const params = z.object({ id: z.string().max(100).describe("the order's id or number") });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
/** Largest delivery accepted as JSON with base64 files; a bigger file goes as an application/octet-stream body. */
const DELIVERY_JSON_LIMIT = 64 * 1024 * 1024;

/**
 * Staff move orders along LIFECYCLE.md: start (assigning a writer), ask the customer, write (or keep an internal note),
 * deliver a version of one or more files, cancel with a refund (manager, admin). A writer sees only the orders
 * assigned to them (others are 404); the rules of who may do what live in order-lifecycle.ts.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; uploadLimitBytes: number }> = async (
  app,
  { orders, uploadLimitBytes },
) => {
  // A single delivered file may arrive as the raw body and is streamed to storage, up to UPLOAD_LIMIT_BYTES: a declared
  // length over it is refused before a byte is read, and a body that grows past it is cut off with its partial file.
  app.addContentTypeParser("application/octet-stream", (request, payload, done) => {
    if (Number(request.headers["content-length"] ?? 0) > uploadLimitBytes)
      return done(tooLarge(uploadLimitBytes), undefined);
    const limited = byteLimit(uploadLimitBytes);
    pipeline(payload, limited).catch(() => undefined);
    done(null, limited);
  });
  const staff = routeGroup(app, { guard: "writer", tags: ["admin"], errors });
  staffMoves(staff, orders);
  deliverableMoves(staff, orders);
  delivery(staff, orders);
};

const deliverableParams = params.extend({ n: deliverableParamsSchema.shape.n.describe("the deliverable's n in the order (1, 2, …)") });

/** The staff moves on one deliverable (LIFECYCLE.md): take, start, ask, cancel with a refund, goodwill credit. */
function deliverableMoves(staff: StaffRoutes, orders: OrdersService): void {
  const move = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B | undefined,
    act: (id: string, n: number, body: z.output<B>, actor: ReturnType<typeof actorOf>) => Promise<unknown>,
    need: "see" | "work" = "work",
  ) =>
    staff.post(
      `/admin/orders/:id/deliverables/:n/${path}`,
      { summary, params: deliverableParams, ...(body ? { body } : {}), response: { 200: staffOrderAnswerSchema } },
      async (request) => {
        const actor = actorOf(request);
        const id = await orders.idFor(request.params.id, actor, need);
        await act(id, request.params.n, request.body as never, actor);
        return answer(orders, id);
      },
    );

  move("take", "Take deliverable n (unassigned, paid) by assigning it to yourself; taken meanwhile → 409", undefined, (id, n, _body, actor) => orders.actions.take(id, actor, n), "see");
  move(
    "start",
    "Deliverable n: paid → in_progress; assigns the writer (default: the caller) when nobody is",
    startWorkSchema,
    (id, n, body, actor) => orders.actions.start(id, actor, body?.writerId, n),
    "see",
  );
  move("ask", "Deliverable n: paid/in_progress → needs_info with a question to the customer; its clock pauses", askQuestionSchema, (id, n, body, actor) =>
    orders.actions.ask(id, actor, body.message, n),
  );
  move(
    "cancel",
    "Manager or admin: deliverable n → cancelled with a reason, refunding `refund` (major units, up to what is left of its share; default all of it)",
    cancelDeliverableSchema,
    (id, n, body, actor) => orders.actions.staffCancel(id, actor, body.reason, body.refund === undefined ? undefined : (toMinor(body.refund) ?? Number.NaN), n),
  );
  move(
    "credit",
    "Manager or admin: a goodwill credit on deliverable n without cancelling it (major units, up to what is left of its share), with a reason and a credit note",
    goodwillCreditSchema,
    (id, n, body, actor) => orders.actions.credit(id, actor, n, toMinor(body.amount) ?? Number.NaN, body.reason),
  );
}

type StaffRoutes = RouteGroup<"writer">;

/** The order's number and status after a move the access policy allowed (the caller knew both before it). */
async function answer(orders: OrdersService, id: string) {
  const order = await orders.find(id);
  if (!order) throw DomainError.notFound();
  return { id: order.id, number: order.number, status: order.status };
}

/** take, start, ask, messages and cancel: each resolves the order for the caller, moves it and answers its status. */
function staffMoves(staff: StaffRoutes, orders: OrdersService): void {
  /**
   * A staff move: resolve the order for this actor (404 when not theirs to work on; `see`: a writer's pool item too;
   * `take`: the move checks itself), make the move, answer the order's status.
   */
  const move = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B | undefined,
    act: (id: string, body: z.output<B>, actor: ReturnType<typeof actorOf>) => Promise<unknown>,
    bodyLimit?: number,
    need: "see" | "work" | "take" = "work",
  ) =>
    staff.post(
      `/admin/orders/:id/${path}`,
      { summary, params, ...(body ? { body } : {}), response: { 200: staffOrderAnswerSchema }, bodyLimit },
      async (request) => {
        const actor = actorOf(request);
        const id =
          need === "take"
            ? ((await orders.find(request.params.id))?.id ?? "")
            : await orders.idFor(request.params.id, actor, need);
        if (!id) throw DomainError.notFound();
        await act(id, request.body as never, actor);
        return answer(orders, id);
      },
    );

  move(
    "take",
    "Take an unassigned paid order (a writer: from the pool) by assigning it to yourself; taken meanwhile by someone else → 409",
    undefined,
    (id, _body, actor) => orders.actions.take(id, actor),
    undefined,
    "take",
  );
  move(
    "start",
    "paid → in_progress; assigns the writer (default: the caller) when nobody is (a writer may start a pool item, taking it)",
    startWorkSchema,
    (id, body, actor) => orders.actions.start(id, actor, body?.writerId),
    undefined,
    "see",
  );
  move(
    "ask",
    "paid/in_progress → needs_info with a question to the customer; the due date's clock pauses",
    askQuestionSchema,
    (id, body, actor) => orders.actions.ask(id, actor, body.message),
  );
  move(
    "messages",
    "Write to the customer, or keep an internal note (internal: true) the customer never sees; `deliverable` names the one it is about (a writer: one of theirs)",
    staffMessageSchema,
    (id, body, actor) =>
      orders.actions.postMessage(id, actor, {
        body: body.body,
        internal: body.internal,
        attachments: decodeAttachments(body.attachments),
        deliverable: body.deliverable,
      }),
    MESSAGE_BODY_LIMIT,
  );
  move(
    "cancel",
    "Manager or admin: any open order → cancelled with a reason, refunding `refund` (major units, default the total)",
    staffCancelSchema,
    (id, body, actor) =>
      orders.actions.staffCancel(
        id,
        actor,
        body.reason,
        body.refund === undefined ? undefined : (toMinor(body.refund) ?? Number.NaN),
      ),
  );
}

/** Which deliverable an order-level delivery goes to, when the order has several open (decision 0059). */
export const deliverableQuery = deliverableParamsSchema.shape.n
  .optional()
  .describe("the deliverable's n in the order (1, 2, …); needed when the caller has several open deliverables on it");

/** What the order-level delivery routes of before do on an order of several deliverables (decision 0059). */
export const ORDER_LEVEL_DELIVERY =
  "A delivery is one deliverable's version. On an order with one open deliverable (for a writer: one of theirs) it goes to that one; with several, name it with ?deliverable=n or use /admin/orders/{id}/deliverables/{n}/versions, else 400 with a field error under `deliverable`.";

/** A delivery: one file as the raw body, or JSON with base64 files; the guard runs before the body is read. */
function delivery(staff: StaffRoutes, orders: OrdersService): void {
  const types = () => orders.upload.allowedTypes;
  staff.post(
    "/admin/orders/:id/deliver",
    {
      summary:
        "in_progress/revision_requested → delivered with a new version: one file as the application/octet-stream body (name in ?fileName=), or JSON {note, files:[{fileName, contentBase64}]}",
      description: ORDER_LEVEL_DELIVERY,
      params,
      querystring: z.object({
        fileName: z.string().trim().min(1).max(200).optional(),
        note: z.string().max(5000).optional(),
        deliverable: deliverableQuery,
      }),
      response: {
        200: staffOrderAnswerSchema.extend({
          version: z.number().int(),
          result: z.object({ fileName: z.string(), size: z.number() }),
        }),
      },
      bodyLimit: DELIVERY_JSON_LIMIT,
      compress: false,
    },
    async (request) => {
      const actor = actorOf(request);
      const id = await orders.idFor(request.params.id, actor);
      let delivered: Awaited<ReturnType<OrdersService["actions"]["deliver"]>>;
      if (request.body instanceof Readable) {
        const fileName = request.query.fileName;
        if (!fileName) throw DomainError.field("fileName", "orders.fileMissing");
        if (!allowedType(fileName, types()))
          throw DomainError.field("fileName", "adminOrders.typeRefused", { name: fileName, types: types().join(", ") });
        delivered = await orders.actions.deliver(
          id,
          actor,
          [{ fileName, content: request.body }],
          request.query.note ?? "",
          request.query.deliverable,
        );
      } else {
        const parsed = deliverVersionSchema.safeParse(request.body);
        if (!parsed.success) throw DomainError.field("", "orders.fileMissing");
        const refused = parsed.data.files.find((file) => !allowedType(file.fileName, types()));
        if (refused) {
          throw DomainError.field(`files[${parsed.data.files.indexOf(refused)}]`, "adminOrders.typeRefused", {
            name: refused.fileName,
            types: types().join(", "),
          });
        }
        delivered = await orders.actions.deliver(
          id,
          actor,
          decodeAttachments(parsed.data.files, "files", DELIVERY_JSON_LIMIT),
          parsed.data.note,
          request.query.deliverable,
        );
      }
      const [first] = delivered.files;
      if (!first) throw DomainError.field("", "orders.fileMissing");
      return {
        ...(await answer(orders, id)),
        version: delivered.version,
        result: { fileName: first.fileName, size: first.size },
      };
    },
  );
}
