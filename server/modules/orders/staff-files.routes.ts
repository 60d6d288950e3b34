import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import { staffFileLinkSchema } from "../../../contract/order-lifecycle";
import { routeGroup } from "../../platform/route-group";
import type { FileStorage } from "../storage";
import { actorOf } from "./order-requests";
import type { OrdersService } from "./orders.service";
import { dispositionFor, sendResult } from "./result-download";

/** Staff open what was delivered (issue 26, point 4): with their token, or in a tab of its own through a signed link. */
export const staffFilesRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; storage: FileStorage }> = async (app, { orders, storage }) => {
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
