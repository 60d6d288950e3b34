import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adjustmentRequestSchema, blockRequestSchema, customerDetailSchema, customerListSchema, customerSearchQuerySchema } from "../../../contract/admin-customers";
import { problemSchema } from "../../../contract/errors";
import { toMinor } from "../../../contract/money";
import { staffActorOf } from "../../platform/staff-action";
import type { CustomersAdminService } from "./customers-admin.service";

const params = z.object({ id: z.string().uuid() });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const docs = { tags: ["admin"], security: [{ bearer: [] }] };

/** Customers in the back office: manager and admin (a writer gets 403). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{ customers: CustomersAdminService }> = async (app, { customers }) => {
  app.get(
    "/admin/customers",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "Search customers by email or name (newest first, up to 50)", querystring: customerSearchQuerySchema, response: { 200: customerListSchema, ...errors } } },
    async (request) => ({ items: await customers.search(request.query.q, staffActorOf(request)) }),
  );

  app.get(
    "/admin/customers/:id",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "One customer: profile, orders, tickets, and each balance with its ledger", params, response: { 200: customerDetailSchema, ...errors } } },
    async (request) => customers.detail(request.params.id, staffActorOf(request)),
  );

  app.post(
    "/admin/customers/:id/adjustments",
    {
      onRequest: app.requireRole("manager"),
      schema: {
        ...docs,
        summary: "Credit or debit a balance with a reason, through the ledger; a debit past the balance is refused (400 on amount)",
        params,
        body: adjustmentRequestSchema,
        response: { 200: customerDetailSchema, ...errors },
      },
    },
    async (request) => {
      const actor = staffActorOf(request);
      const { currency, direction, amount, reason } = request.body;
      const minor = toMinor(amount) ?? 0;
      await customers.adjust(request.params.id, { currency, amount: direction === "credit" ? minor : -minor, reason }, actor);
      return customers.detail(request.params.id, actor);
    },
  );

  app.post(
    "/admin/customers/:id/block",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "Block: the customer's sign-ins end at once and they cannot sign in (409 when blocked)", params, body: blockRequestSchema, response: { 200: customerDetailSchema, ...errors } } },
    async (request) => {
      const actor = staffActorOf(request);
      await customers.block(request.params.id, request.body.reason, actor);
      return customers.detail(request.params.id, actor);
    },
  );

  app.post(
    "/admin/customers/:id/unblock",
    { onRequest: app.requireRole("manager"), schema: { ...docs, summary: "Unblock: the customer may sign in again (409 when not blocked)", params, response: { 200: customerDetailSchema, ...errors } } },
    async (request) => {
      const actor = staffActorOf(request);
      await customers.unblock(request.params.id, actor);
      return customers.detail(request.params.id, actor);
    },
  );
};
