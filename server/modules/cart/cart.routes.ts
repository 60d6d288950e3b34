import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartRequestSchema, cartResponseSchema } from "../../../contract/cart";
import type { CartService } from "./cart.service";

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    "/cart",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["cart"],
        summary: "My cart as stored with my account (empty with currency null when none was stored)",
        security: [{ bearer: [] }],
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => cart.get(request.user!.id),
  );

  app.put(
    "/cart",
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["cart"],
        summary: "Replace my stored cart with the browser's (every change while signed in)",
        description: "Known products only, the currency, at most 20 lines and 20,000 characters of brief per line.",
        security: [{ bearer: [] }],
        body: cartRequestSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => cart.replace(request.user!.id, request.body),
  );

  app.post(
    "/cart/merge",
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["cart"],
        summary: "At sign-in: merge the browser's cart into the stored one and answer the result",
        description:
          "A union without duplicate lines: the same line id is one line; a line of a product already in the cart is the same line when one of the two has no brief yet; typed briefs are kept. The result takes the browser's currency.",
        security: [{ bearer: [] }],
        body: cartRequestSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => cart.merge(request.user!.id, request.body),
  );
};
