import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Currency } from "../../../contract/currency";
import type { ProductId, ProductKind } from "../../../contract/catalog";
import { BUNDLES, SERVICES } from "../../../content/catalog";
import { revisionDays, type WorkTerms } from "./work-terms";

export interface PricedProduct {
  id: ProductId;
  kind: ProductKind;
  /** Minor units in the asked currency. */
  price: number;
}

export interface CatalogEntry {
  id: ProductId;
  kind: ProductKind;
  active: boolean;
  turnaroundDays: number;
  revisionRounds: number;
  /** Minor units per currency. */
  prices: Partial<Record<Currency, number>>;
}

export function createCatalogRepository(db: Kysely<Database>) {
  return {
    async pricedProducts(currency: Currency, trx: Kysely<Database> = db): Promise<PricedProduct[]> {
      const rows = await trx
        .selectFrom("products")
        .innerJoin("product_prices", "product_prices.product_id", "products.id")
        .select(["products.id", "products.kind", "product_prices.amount"])
        .where("product_prices.currency", "=", currency)
        .where("products.active", "=", 1)
        .orderBy("products.position")
        .execute();
      return rows.map((row) => ({ id: row.id as ProductId, kind: row.kind, price: row.amount }));
    },

    async bundleContents(trx: Kysely<Database> = db): Promise<Map<ProductId, ProductId[]>> {
      const rows = await trx.selectFrom("bundle_items").selectAll().orderBy("bundle_id").orderBy("position").execute();
      const contents = new Map<ProductId, ProductId[]>();
      for (const row of rows) {
        const list = contents.get(row.bundle_id as ProductId) ?? [];
        list.push(row.service_id as ProductId);
        contents.set(row.bundle_id as ProductId, list);
      }
      return contents;
    },

    /** Sets one product's price in one currency; false when the product has no price in that currency. */
    async updatePrice(productId: string, currency: Currency, amount: number, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("product_prices")
        .set({ amount })
        .where("product_id", "=", productId)
        .where("currency", "=", currency)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every product, sold or hidden, with its terms and its price in each currency (back office). */
    async allProducts(trx: Kysely<Database> = db): Promise<CatalogEntry[]> {
      const products = await trx.selectFrom("products").select(["id", "kind", "active", "turnaround_days", "revision_rounds"]).orderBy("position").execute();
      const prices = await trx.selectFrom("product_prices").select(["product_id", "currency", "amount"]).execute();
      return products.map((product) => ({
        id: product.id as ProductId,
        kind: product.kind,
        active: product.active === 1,
        turnaroundDays: product.turnaround_days,
        revisionRounds: product.revision_rounds,
        prices: Object.fromEntries(prices.filter((price) => price.product_id === product.id).map((price) => [price.currency, price.amount])) as Partial<Record<Currency, number>>,
      }));
    },

    /** Locks the product's row (PostgreSQL) and answers it, or undefined when there is no such product. */
    async lockProduct(id: string, trx: Kysely<Database>): Promise<boolean> {
      const result = await trx.updateTable("products").set((eb) => ({ id: eb.ref("id") })).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sets a product's visibility, terms and prices (minor units per currency). */
    async updateProduct(id: string, change: { active: boolean; turnaroundDays: number; revisionRounds: number; prices: Record<Currency, number> }, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("products")
        .set({ active: change.active ? 1 : 0, turnaround_days: change.turnaroundDays, revision_rounds: change.revisionRounds })
        .where("id", "=", id)
        .execute();
      for (const [currency, amount] of Object.entries(change.prices)) {
        await trx
          .insertInto("product_prices")
          .values({ product_id: id, currency, amount })
          .onConflict((oc) => oc.columns(["product_id", "currency"]).doUpdateSet({ amount }))
          .execute();
      }
    },

    /** Business days, revision rounds and revision days of each product (LIFECYCLE.md: a bundle takes its longest service). */
    async lifecycleTerms(): Promise<Map<ProductId, WorkTerms>> {
      const rows = await db.selectFrom("products").select(["id", "turnaround_days", "revision_rounds", "revision_days"]).execute();
      return new Map(
        rows.map((row) => [row.id as ProductId, { turnaroundDays: row.turnaround_days, revisionRounds: row.revision_rounds, revisionDays: row.revision_days }]),
      );
    },

    /** Inserts the catalog of content/catalog.ts where it is missing; existing rows (and edited prices) are kept. */
    async seed(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const products = [
          ...SERVICES.map((service, index) => ({
            id: service.id, kind: "service" as const, position: index, active: 1, turnaround_days: service.turnaround, revision_rounds: service.revisions,
            revision_days: revisionDays(service.id),
          })),
          ...BUNDLES.map((bundle, index) => {
            const services = SERVICES.filter((service) => bundle.services.includes(service.id));
            return {
              id: bundle.id, kind: "bundle" as const, position: 100 + index, active: 1,
              turnaround_days: Math.max(...services.map((service) => service.turnaround)),
              revision_rounds: Math.min(...services.map((service) => service.revisions)),
              revision_days: Math.max(...services.map((service) => revisionDays(service.id))),
            };
          }),
        ];
        await trx.insertInto("products").values(products).onConflict((oc) => oc.column("id").doNothing()).execute();
        const prices = [...SERVICES, ...BUNDLES].flatMap((product) =>
          Object.entries(product.prices).map(([currency, amount]) => ({ product_id: product.id, currency, amount })),
        );
        await trx
          .insertInto("product_prices")
          .values(prices)
          .onConflict((oc) => oc.columns(["product_id", "currency"]).doNothing())
          .execute();
        const items = BUNDLES.flatMap((bundle) =>
          bundle.services.map((serviceId, position) => ({ bundle_id: bundle.id, service_id: serviceId, position })),
        );
        await trx
          .insertInto("bundle_items")
          .values(items)
          .onConflict((oc) => oc.columns(["bundle_id", "service_id"]).doNothing())
          .execute();
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
