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
import { DomainError } from "../../platform/domain-error";
import { routeGroup } from "../../platform/route-group";
import type { FileStorage } from "../storage";
import { orderLifecycleRoutes } from "./order-lifecycle.routes";
import { favouriteWritersRoutes } from "./favourite-writers.routes";
import { actorOf } from "./order-requests";
import { ordersAdminRoutes } from "./orders-admin.routes";
import { ordersBackOfficeRoutes } from "./orders-back-office.routes";
import type { OrdersService } from "./orders.service";
import { sendResult } from "./result-download";
import { staffFilesRoutes } from "./staff-files.routes";

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
  await app.register(staffFilesRoutes, { orders, storage });

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
};
