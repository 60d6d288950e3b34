import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import { promotionCodeListSchema, promotionCodeRequestSchema, promotionCodeSchema } from "../../../contract/promotions";
import { routeGroup } from "../../platform/route-group";
import { staffActorOf } from "../../platform/staff-action";
import type { PromotionAdmin } from "./promotion-admin";

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const params = z.object({ id: z.string().max(100) });

/** The back office's promotion codes (managers and admins), every change audited. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionAdmin }> = async (app, { promotions }) => {
  const manager = routeGroup(app, { guard: "manager", tags: ["promotions"], errors });
  manager.get(
    "/admin/promotion-codes",
    { summary: "Promotion codes, newest first, each with its uses and the revenue of the orders placed with it (managers)", response: { 200: promotionCodeListSchema } },
    async (request) => ({ items: await promotions.list(staffActorOf(request)) }),
  );
  manager.post(
    "/admin/promotion-codes",
    {
      summary: "Create a promotion code: percent or a fixed amount per currency, for some services or all, dates, once per customer, first order only, a minimum cart, a cap on uses (managers, audited)",
      body: promotionCodeRequestSchema,
      response: { 200: promotionCodeSchema },
    },
    async (request) => promotions.create(staffActorOf(request), request.body),
  );
  manager.put(
    "/admin/promotion-codes/:id",
    { summary: "Change a promotion code's rules; orders placed with it keep their discount (managers, audited)", params, body: promotionCodeRequestSchema, response: { 200: promotionCodeSchema } },
    async (request) => promotions.update(staffActorOf(request), request.params.id, request.body),
  );
  manager.post(
    "/admin/promotion-codes/:id/pause",
    { summary: "Pause a promotion code: buyers are told it is paused until it is resumed (managers, audited)", params, response: { 200: promotionCodeSchema } },
    async (request) => promotions.pause(staffActorOf(request), request.params.id),
  );
  manager.post(
    "/admin/promotion-codes/:id/resume",
    { summary: "Resume a paused promotion code (managers, audited)", params, response: { 200: promotionCodeSchema } },
    async (request) => promotions.resume(staffActorOf(request), request.params.id),
  );
};
