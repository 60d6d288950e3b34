import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { problemSchema } from "../../../contract/errors";
import { favouriteWriterParamsSchema, favouriteWritersSchema } from "../../../contract/favourite-writers";
import { routeGroup } from "../../platform/route-group";
import type { OrdersService } from "./orders.service";

/**
 * The writer you liked (issue 28): a buyer's favourite writers, by display name only. A favourite is marked on the
 * order page (POST /api/orders/{ref}/deliverables/{n}/favourite) and asked for per item when ordering (`writerId`).
 */
export const favouriteWritersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["orders"] });
  signedIn.get(
    "/favourite-writers",
    {
      summary: "My favourite writers, by display name: one may be asked for per order item (writerId)",
      response: { 200: favouriteWritersSchema },
    },
    async ({ user }) => ({ writers: await orders.favourites.list(user.id) }),
  );
  signedIn.delete(
    "/favourite-writers/:writerId",
    {
      summary: "No longer one of my favourite writers (nothing when it was not)",
      params: favouriteWriterParamsSchema,
      response: { 200: favouriteWritersSchema, 400: problemSchema },
    },
    async ({ user, params }) => ({ writers: await orders.favourites.unmark(user.id, params.writerId) }),
  );
};
