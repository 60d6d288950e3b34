import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adjustmentRequestSchema,
  blockRequestSchema,
  customerDetailSchema,
  customerListSchema,
  customerSearchQuerySchema,
} from "../../../contract/admin-customers";
import { problemSchema } from "../../../contract/errors";
import { toMinor } from "../../../contract/money";
import { routeGroup, type SignedInRequest } from "../../platform/route-group";
import { type StaffActor, staffActorOf } from "../../platform/staff-action";
import type { CustomersAdminService } from "./customers-admin.service";

const params = z.object({ id: z.string().uuid() });
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** Customers in the back office: manager and admin (a writer gets 403). */
export const customersAdminRoutes: FastifyPluginAsyncZod<{ customers: CustomersAdminService }> = async (
  app,
  { customers },
) => {
  const manager = routeGroup(app, { guard: "manager", tags: ["admin"], errors });
  /** A change by the signed-in manager, answering the customer as they now stand. */
  const thenDetail = async (request: SignedInRequest, id: string, act: (actor: StaffActor) => Promise<unknown>) => {
    const actor = staffActorOf(request);
    await act(actor);
    return customers.detail(id, actor);
  };

  manager.get(
    "/admin/customers",
    {
      summary: "Search customers by email or name (newest first, up to 50)",
      querystring: customerSearchQuerySchema,
      response: { 200: customerListSchema },
    },
    async (request) => ({ items: await customers.search(request.query.q, staffActorOf(request)) }),
  );
  manager.get(
    "/admin/customers/:id",
    {
      summary: "One customer: profile, orders, tickets, and each balance with its ledger",
      params,
      response: { 200: customerDetailSchema },
    },
    async (request) => customers.detail(request.params.id, staffActorOf(request)),
  );
  manager.post(
    "/admin/customers/:id/adjustments",
    {
      summary:
        "Credit or debit a balance with a reason, through the ledger, optionally about one of the customer's orders or tickets; a debit past the balance is refused (400 on amount), an order or ticket not theirs too (400 on orderNumber, ticketNumber)",
      params,
      body: adjustmentRequestSchema,
      response: { 200: customerDetailSchema },
    },
    async (request) => {
      const { currency, direction, amount, reason, orderNumber, ticketNumber } = request.body;
      const minor = toMinor(amount) ?? 0;
      return thenDetail(request, request.params.id, (actor) =>
        customers.adjust(
          request.params.id,
          { currency, amount: direction === "credit" ? minor : -minor, reason, orderNumber, ticketNumber },
          actor,
        ),
      );
    },
  );
  manager.post(
    "/admin/customers/:id/block",
    {
      summary: "Block: the customer's sign-ins end at once and they cannot sign in (409 when blocked)",
      params,
      body: blockRequestSchema,
      response: { 200: customerDetailSchema },
    },
    async (request) =>
      thenDetail(request, request.params.id, (actor) => customers.block(request.params.id, request.body.reason, actor)),
  );
  manager.post(
    "/admin/customers/:id/unblock",
    {
      summary: "Unblock: the customer may sign in again (409 when not blocked)",
      params,
      response: { 200: customerDetailSchema },
    },
    async (request) => thenDetail(request, request.params.id, (actor) => customers.unblock(request.params.id, actor)),
  );
};
