import type { Currency } from "../../../contract/currency";
import type { PricesResponse } from "../../../contract/catalog";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  pricesRequestSchema,
  pricesResponseSchema,
  productIdSchema,
  setPriceRequestSchema,
} from "../../../contract/catalog";
import { toMajor, toMinor } from "../../../contract/money";
import {
  catalogListSchema,
  catalogOptionUpdateSchema,
  catalogProductSchema,
  catalogUpdateSchema,
} from "../../../contract/admin-catalog";
import { OPTION_IDS } from "../../../contract/service-options";
import { problemSchema } from "../../../contract/errors";
import { routeGroup } from "../../platform/route-group";
import { staffActorOf } from "../../platform/staff-action";
import type { CatalogEntry } from "./catalog.repository";
import type { CatalogService } from "./catalog.service";
import { offeredRush, priceOptions, type RushOffer } from "./rush-offer";

const adminErrors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** Prices per currency in major units (0 where none is set). */
function majorPrices(prices: Partial<Record<Currency, number>>) {
  const price = (currency: Currency) => toMajor(prices[currency] ?? 0);
  return { EUR: price("EUR"), USD: price("USD"), GBP: price("GBP") };
}

/** A product as the back office shows it: prices in major units per currency, its options likewise. */
function catalogProduct(entry: CatalogEntry) {
  return {
    ...entry,
    prices: majorPrices(entry.prices),
    options: entry.options.map((option) => ({ ...option, prices: majorPrices(option.prices) })),
  };
}

/** Major-unit prices as the catalog stores them: minor units per currency. */
function minorPrices(prices: Record<Currency, number>): Record<Currency, number> {
  const minor = (amount: number) => toMinor(amount) ?? 0;
  return { EUR: minor(prices.EUR), USD: minor(prices.USD), GBP: minor(prices.GBP) };
}

/** The price list as the API (and the server-rendered pages) show it: major units. */
export async function pricesResponse(catalog: CatalogService, currency: Currency): Promise<PricesResponse> {
  const items = await catalog.prices(currency);
  return {
    currency,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      price: toMajor(item.price),
      options: priceOptions(item.options),
    })),
  };
}

/** A promotion code tried on the price list: what it takes off these products (minor units), or the field error on promoCode. */
export type QuoteCode = (
  request: FastifyRequest,
  body: { code: string; productIds: string[]; lineOptions: string[][]; currency: Currency },
) => Promise<{ code: string; subtotal: number; discount: number; total: number }>;

/** PUT /api/admin/catalog/:productId/options/:optionId: one option of a service (admins). */
function optionRoute(admin: ReturnType<typeof routeGroup>, catalog: CatalogService): void {
  admin.put(
    "/admin/catalog/:productId/options/:optionId",
    {
      summary:
        "Admin: one option of a service (its prices, visibility and, for rush, its turnaround), for orders placed from now on; every instance shows it at once (audited)",
      params: z.object({ productId: productIdSchema, optionId: z.enum(OPTION_IDS) }),
      body: catalogOptionUpdateSchema,
      response: { 200: catalogProductSchema },
    },
    async (request) => {
      const { prices, ...terms } = request.body;
      const { productId, optionId } = request.params;
      const updated = await catalog.updateOption(
        productId,
        optionId,
        { ...terms, prices: minorPrices(prices) },
        staffActorOf(request),
      );
      return catalogProduct(updated);
    },
  );
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; quoteCode?: QuoteCode; rushOffer?: RushOffer }> = async (
  app,
  { catalog, quoteCode, rushOffer },
) => {
  // The price list changes only with the catalog: its JSON is made once per currency and dropped at every change (here
  // or on another instance, through `onChange`), so the hottest API call sends stored bytes. The schema still checks
  // the answer once and documents it.
  const pricesJson = new Map<Currency, Promise<Buffer>>();
  catalog.onChange(() => pricesJson.clear());
  const storedPrices = (currency: Currency): Promise<Buffer> => {
    let json = pricesJson.get(currency);
    if (!json) {
      json = pricesResponse(catalog, currency).then((answer) =>
        Buffer.from(JSON.stringify(pricesResponseSchema.parse(answer))),
      );
      json.catch(() => pricesJson.delete(currency));
      pricesJson.set(currency, json);
    }
    return json;
  };

  const open = routeGroup(app, { guard: "public", tags: ["catalog"] });
  const admin = routeGroup(app, { guard: "admin", tags: ["admin"], errors: adminErrors });
  const productParams = z.object({ productId: productIdSchema });

  open.post(
    "/prices",
    {
      summary: "Prices of every service and bundle in one currency; with promoCode, what the code takes off the cart",
      body: pricesRequestSchema,
      response: { 200: pricesResponseSchema, 400: problemSchema },
    },
    async (request, reply) => {
      const { currency, promoCode, productIds = [], lineOptions = [] } = request.body;
      // Only while a day's rush capacity is full is the answer made anew: its rush options then name the next free day.
      const offer = await rushOffer?.();
      if (promoCode && quoteCode) {
        const quote = await quoteCode(request, { code: promoCode, productIds, lineOptions, currency });
        const promotion = { code: quote.code, subtotal: toMajor(quote.subtotal), discount: toMajor(quote.discount), total: toMajor(quote.total) };
        const prices = await pricesResponse(catalog, currency);
        return { ...(offer ? offeredRush(prices, offer) : prices), promotion };
      }
      // The stored bytes are a checked PricesResponse; Fastify sends a Buffer as it is, past the serializer.
      const answer = offer ? JSON.stringify(offeredRush(await pricesResponse(catalog, currency), offer)) : await storedPrices(currency);
      return reply.type("application/json; charset=utf-8").send(answer as never);
    },
  );
  admin.put(
    "/admin/prices/:productId",
    {
      summary:
        "Admin: set a product's price in one currency; every instance's prices and cached pages show it at once (audited)",
      params: productParams,
      body: setPriceRequestSchema,
      response: { 200: pricesResponseSchema },
    },
    async (request) => {
      const { currency, price } = request.body;
      // The schema allows two decimals only, so toMinor always answers a number here.
      await catalog.setPrice(request.params.productId, currency, toMinor(price) ?? 0, staffActorOf(request));
      return pricesResponse(catalog, currency);
    },
  );
  admin.get(
    "/admin/catalog",
    {
      summary: "Admin: every service and bundle, sold or hidden, with terms and prices per currency",
      response: { 200: catalogListSchema },
    },
    async (request) => ({ items: (await catalog.adminList(staffActorOf(request))).map(catalogProduct) }),
  );
  admin.put(
    "/admin/catalog/:productId",
    {
      summary:
        "Admin: a product's prices, turnaround, revision rounds, revision turnaround and visibility, for orders placed from now on; every instance's pages show it at once (audited)",
      params: productParams,
      body: catalogUpdateSchema,
      response: { 200: catalogProductSchema },
    },
    async (request) => {
      const { prices, ...terms } = request.body;
      const updated = await catalog.update(
        request.params.productId,
        { ...terms, prices: minorPrices(prices) },
        staffActorOf(request),
      );
      return catalogProduct(updated);
    },
  );
  optionRoute(admin, catalog);
};
