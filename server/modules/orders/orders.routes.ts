import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import {
  IDEMPOTENCY_KEY_MAX,
  orderListQuerySchema,
  orderListSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from "../../../contract/orders";
import {
  payDifferenceParamsSchema,
  payDifferenceRequestSchema,
  payDifferenceResponseSchema,
  payDifferenceStatusSchema,
} from "../../../contract/pay-the-difference";
import { staffFileLinkSchema } from "../../../contract/order-lifecycle";
import { DomainError } from "../../platform/domain-error";
import { routeGroup } from "../../platform/route-group";
import type { FileStorage } from "../storage";
import { orderLifecycleRoutes } from "./order-lifecycle.routes";
import { favouriteWritersRoutes } from "./favourite-writers.routes";
import { actorOf } from "./order-requests";
import { ordersAdminRoutes } from "./orders-admin.routes";
import { ordersBackOfficeRoutes } from "./orders-back-office.routes";
import type { OrdersService } from "./orders.service";
import { dispositionFor, sendResult } from "./result-download";

const placeHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe("a retry with the same key and body answers the first order again; another body gets 409"),
});

export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  storage: FileStorage;
  uploadLimitBytes: number;
}> = async (app, { orders, storage, uploadLimitBytes }) => {
  await app.register(ordersAdminRoutes, { orders, uploadLimitBytes });
  await app.register(ordersBackOfficeRoutes, { orders });
  await app.register(orderLifecycleRoutes, { orders, storage });
  await app.register(favouriteWritersRoutes, { orders });

  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["orders"] });

  signedIn.post(
    "/orders",
    {
      summary: "Place an order paid from the balance in its currency; the server prices every item",
      headers: placeHeaders,
      body: placeOrderRequestSchema,
      response: { 200: placeOrderResponseSchema, 400: problemSchema, 409: problemSchema },
    },
    async (request) =>
      orders.place(request.user.id, request.body, {
        locale: request.locale,
        idempotencyKey: request.headers["idempotency-key"],
        refusal: () => request.commitRefusal(),
      }),
  );
  signedIn.post(
    "/orders/with-deposit",
    {
      summary: "Pay the difference and place the order: when the balance is short, a deposit of exactly the shortfall",
      description:
        "Same body as POST /orders. Answers the page where the buyer pays the shortfall (at least 0.50); once the payment is confirmed the order is placed from this request, once, at these prices (GET /orders/with-deposit/{depositId} says how it stands). 409 when the balance covers the total.",
      rateLimit: { max: 30, timeWindow: "1 minute" },
      body: payDifferenceRequestSchema,
      response: { 200: payDifferenceResponseSchema, 400: problemSchema, 409: problemSchema },
    },
    async ({ user, body, locale }) => orders.payTheDifference.start(user.id, body, locale),
  );
  signedIn.get(
    "/orders/with-deposit/:depositId",
    {
      summary: "Where a paid difference stands: waiting for the payment, the order placed, the payment failed, or not placed and why",
      params: payDifferenceParamsSchema,
      response: { 200: payDifferenceStatusSchema, 404: problemSchema },
    },
    async ({ user, params, locale }) => orders.payTheDifference.status(user.id, params.depositId, locale),
  );
  signedIn.get(
    "/orders",
    {
      summary:
        "My orders, newest first, a page at a time: when more follow, X-Next-Cursor holds the cursor of the next page",
      querystring: orderListQuerySchema,
      response: { 200: orderListSchema, 400: problemSchema },
    },
    async ({ user, query }, reply) => {
      const { orders: page, nextCursor } = await orders.list(user.id, query);
      if (nextCursor) reply.header("x-next-cursor", nextCursor);
      return page;
    },
  );
  signedIn.get(
    "/orders/:id/result",
    {
      summary: "Download the delivered result (Range, If-Range, ETag); 404 unless it is my delivered order",
      params: z.object({ id: z.string().max(100) }),
      // Byte ranges are counted on the stored bytes: never compressed on the way out.
      compress: false,
    },
    async (request, reply) => {
      const file = await orders.resultFor(actorOf(request), request.params.id);
      if (!file) throw DomainError.notFound();
      return sendResult(request, reply, file, storage);
    },
  );

  // Staff open what was delivered: a PDF or an image inline (a preview in a tab), anything else as a download.
  const staff = routeGroup(app, { guard: "writer", tags: ["admin"] });
  staff.get(
    "/admin/orders/:id/files/:fileId",
    {
      summary:
        "Staff: any version's file or attachment of an order (Range, If-Range, ETag), inline for PDF and images; a manager's or admin's, or the writer's of that deliverable, 404 otherwise",
      params: z.object({ id: z.string().max(100).describe("the order's id or number"), fileId: z.string().max(100) }),
      compress: false,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await orders.idFor(request.params.id, actor);
      const file = await orders.actions.staffFile(id, request.params.fileId, actor);
      return sendResult(request, reply, file, storage, dispositionFor(file.contentType));
    },
  );
  staff.post(
    "/admin/orders/:id/files/:fileId/link",
    {
      summary: "Staff: a link to one file that opens without the bearer token, for 5 minutes (a new tab, a middle-click)",
      description:
        "The same access as GET /admin/orders/{id}/files/{fileId} (404 otherwise). The link names the caller and the file, signed by the server; opening it checks again that the caller is active staff who may see the file.",
      params: z.object({ id: z.string().max(100).describe("the order's id or number"), fileId: z.string().max(100) }),
      response: { 200: staffFileLinkSchema, 404: problemSchema },
    },
    async (request) => orders.fileLinks.mint(actorOf(request), request.params.id, request.params.fileId),
  );

  // A signed link opens without a bearer token: the tab a staff member opened from the back office.
  const linked = routeGroup(app, { guard: "public", tags: ["admin"] });
  linked.get(
    "/admin/file-links/:orderId/:fileId",
    {
      summary: "Staff: the file a signed link names (Range, If-Range, ETag), inline for PDF and images; 404 once the link has ended",
      params: z.object({ orderId: z.string().max(100), fileId: z.string().max(100) }),
      querystring: z.object({
        by: z.string().max(100).describe("the member of staff the link was made for"),
        until: z.coerce.number().int().describe("when the link ends, ms since 1970"),
        sig: z.string().max(100).describe("the server's signature of the rest"),
      }),
      compress: false,
    },
    async (request, reply) => {
      const file = await orders.fileLinks.open({ ...request.params, ...request.query });
      // The link is the key for its 5 minutes: no page it opens sends it on as a referrer.
      reply.header("referrer-policy", "no-referrer");
      return sendResult(request, reply, file, storage, dispositionFor(file.contentType));
    },
  );
};
