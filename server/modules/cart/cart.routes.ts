import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartRequestSchema, cartResponseSchema } from "../../../contract/cart";
import { routeGroup } from "../../platform/route-group";
import type { CartService } from "./cart.service";

const response = { 200: cartResponseSchema };

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["cart"] });

  signedIn.get(
    "/cart",
    { summary: "My cart as stored with my account (empty with currency null when none was stored)", response },
    async ({ user }) => cart.get(user.id),
  );
  signedIn.put(
    "/cart",
    {
      summary: "Replace my stored cart with the browser's (every change while signed in)",
      description: "Known products only, the currency, at most 20 lines and 20,000 characters of brief per line.",
      rateLimit: { max: 120, timeWindow: "1 minute" },
      body: cartRequestSchema,
      response,
    },
    async ({ user, body }) => cart.replace(user.id, body),
  );
  signedIn.post(
    "/cart/merge",
    {
      summary: "At sign-in: merge the browser's cart into the stored one and answer the result",
      description:
        "A union without duplicate lines: the same line id is one line; a line of a product already in the cart is the same line when one of the two has no brief yet; typed briefs are kept. The result takes the browser's currency.",
      rateLimit: { max: 30, timeWindow: "1 minute" },
      body: cartRequestSchema,
      response,
    },
    async ({ user, body }) => cart.merge(user.id, body),
  );
};
