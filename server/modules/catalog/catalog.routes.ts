import type { Currency } from "../../../contract/currency";
import type { PricesResponse } from "../../../contract/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pricesRequestSchema, pricesResponseSchema } from "../../../contract/catalog";
import { toMajor } from "../../../contract/money";
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
};
