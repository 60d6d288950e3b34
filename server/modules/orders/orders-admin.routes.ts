import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderStatusSchema } from "../../../contract/orders";
import { DomainError } from "../../platform/domain-error";
import type { OrdersService } from "./orders.service";

const params = z.object({ id: z.uuid().transform((id) => id.toLowerCase()) });
const answer = z.object({ id: z.string(), number: z.string(), status: orderStatusSchema });

/** Staff moves orders along: start work, deliver a file (the raw request body), cancel with a refund. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  // The delivered file arrives as the raw body and is streamed to storage, whatever its size.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  const current = async (id: string) => {
    const order = await orders.find(id);
    if (!order) throw DomainError.notFound();
    return { id: order.id, number: order.number, status: order.status };
  };
  const docs = { tags: ["admin"], security: [{ bearer: [] }] };

  /** A status change: the service makes it (or refuses with the contract's error), the answer is the order as it now stands. */
  const statusChange = (path: string, summary: string, change: (id: string) => Promise<void>) =>
    app.post(path, { preHandler: app.requireStaff, schema: { ...docs, summary, params, response: { 200: answer } } }, async (request) => {
      await change(request.params.id);
      return current(request.params.id);
    });

  statusChange("/admin/orders/:id/start", "paid → in_progress", (id) => orders.startWork(id));
  statusChange("/admin/orders/:id/cancel", "paid or in_progress → cancelled, total refunded to the balance", (id) => orders.cancel(id));

  app.post(
    "/admin/orders/:id/deliver",
    {
      preHandler: app.requireStaff,
      compress: false,
      schema: {
        ...docs,
        summary: "Deliver the result: the file is the application/octet-stream body, its name in ?fileName=",
        params,
        querystring: z.object({ fileName: z.string().trim().min(1).max(200) }),
        response: { 200: answer.extend({ result: z.object({ fileName: z.string(), size: z.number() }) }) },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) throw DomainError.field("", "orders.fileMissing");
      const file = await orders.deliver(request.params.id, { fileName: request.query.fileName, content: request.body });
      return { ...(await current(request.params.id)), result: { fileName: file.fileName, size: file.size } };
    },
  );
};
