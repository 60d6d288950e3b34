import type { Currency } from "../../../contract/currency";
import type { PricesResponse } from "../../../contract/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pricesRequestSchema, pricesResponseSchema, productIdSchema, setPriceRequestSchema } from "../../../contract/catalog";
import { toMajor, toMinor } from "../../../contract/money";
import type { CatalogService } from "./catalog.service";

/** The price list as the API (and the server-rendered pages) show it: major units. */
export async function pricesResponse(catalog: CatalogService, currency: Currency): Promise<PricesResponse> {
  const items = await catalog.prices(currency);
  return { currency, items: items.map((item) => ({ id: item.id, kind: item.kind, price: toMajor(item.price) })) };
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.post(
    "/prices",
    {
      schema: {
        tags: ["catalog"],
        summary: "Prices of every service and bundle in one currency",
        body: pricesRequestSchema,
        response: { 200: pricesResponseSchema },
      },
    },
    async (request) => pricesResponse(catalog, request.body.currency),
  );

  app.put(
    "/admin/prices/:productId",
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ["admin"],
        summary: "Set a product's price in one currency; every instance's prices and cached pages show it at once",
        security: [{ bearer: [] }],
        params: z.object({ productId: productIdSchema }),
        body: setPriceRequestSchema,
        response: { 200: pricesResponseSchema },
      },
    },
    async (request) => {
      const { currency, price } = request.body;
      // The schema allows two decimals only, so toMinor always answers a number here.
      await catalog.setPrice(request.params.productId, currency, toMinor(price) ?? 0);
      return pricesResponse(catalog, currency);
    },
  );
};
