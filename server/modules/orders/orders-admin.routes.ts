import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderStatusSchema } from "../../../contract/orders";
import { ApiError } from "../../http/api-error";
import type { OrdersService } from "./orders.service";

const params = z.object({ id: z.uuid().transform((id) => id.toLowerCase()) });
const answer = z.object({ id: z.string(), number: z.string(), status: orderStatusSchema });

/** Staff moves orders along: start work, deliver a file (the raw request body), cancel with a refund. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  // The delivered file arrives as the raw body and is streamed to storage, whatever its size.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  const current = async (id: string) => {
    const order = await orders.find(id);
    if (!order) throw ApiError.notFound();
    return { id: order.id, number: order.number, status: order.status };
  };
  const common = { preHandler: app.requireStaff, security: [{ bearer: [] }], tags: ["admin"] };

  app.post(
    "/admin/orders/:id/start",
    { preHandler: common.preHandler, schema: { tags: common.tags, security: common.security, summary: "paid → in_progress", params, response: { 200: answer } } },
    async (request) => {
      await orders.startWork(request.params.id);
      return current(request.params.id);
    },
  );

  app.post(
    "/admin/orders/:id/cancel",
    {
      preHandler: common.preHandler,
      schema: { tags: common.tags, security: common.security, summary: "paid or in_progress → cancelled, total refunded to the balance", params, response: { 200: answer } },
    },
    async (request) => {
      await orders.cancel(request.params.id);
      return current(request.params.id);
    },
  );

  app.post(
    "/admin/orders/:id/deliver",
    {
      preHandler: common.preHandler,
      compress: false,
      schema: {
        tags: common.tags,
        security: common.security,
        summary: "Deliver the result: the file is the application/octet-stream body, its name in ?fileName=",
        params,
        querystring: z.object({ fileName: z.string().trim().min(1).max(200) }),
        response: { 200: answer.extend({ result: z.object({ fileName: z.string(), size: z.number() }) }) },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) throw ApiError.field("", "orders.fileMissing");
      const file = await orders.deliver(request.params.id, { fileName: request.query.fileName, content: request.body });
      return { ...(await current(request.params.id)), result: { fileName: file.fileName, size: file.size } };
    },
  );
};
