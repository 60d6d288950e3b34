import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminSearchQuerySchema, adminSearchResultSchema } from "../../../contract/admin-search";
import { problemSchema } from "../../../contract/errors";
import { routeGroup } from "../../platform/route-group";
import { staffActorOf } from "../../platform/staff-action";
import type { BackOfficeSearch } from "./back-office-search";

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/** The back office's global search: every member of staff, each seeing what their role may (a customer gets 403). */
export const backOfficeSearchRoutes: FastifyPluginAsyncZod<{ search: BackOfficeSearch }> = async (app, { search }) => {
  const staff = routeGroup(app, { guard: "writer", tags: ["admin"], errors });
  staff.get(
    "/admin/search",
    {
      summary: "Search orders, customers and tickets at once (grouped, at most five each, each with the page to open)",
      querystring: adminSearchQuerySchema,
      response: { 200: adminSearchResultSchema },
    },
    async (request) => search.search(request.query.q, staffActorOf(request)),
  );
};
