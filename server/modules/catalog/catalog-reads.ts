import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import type { CatalogEntry, PricedProduct, ProductTerms } from "./catalog-entries";
import { allOptions, pricedOptions } from "./option-reads";

/** The catalog as read: the price list, bundle contents, every product and their terms. */
export interface CatalogReads {
  pricedProducts(currency: Currency, trx?: Kysely<Database>): Promise<PricedProduct[]>;
  bundleContents(trx?: Kysely<Database>): Promise<Map<ProductId, ProductId[]>>;
  /** Every product, sold or hidden, with its terms and its price in each currency (back office). */
  allProducts(trx?: Kysely<Database>): Promise<CatalogEntry[]>;
  /** Business days and revision rounds of each product (LIFECYCLE.md: a bundle takes its longest service). */
  lifecycleTerms(): Promise<Map<ProductId, ProductTerms>>;
}

export function createCatalogReads(db: Kysely<Database>): CatalogReads {
  return {
    async pricedProducts(currency, trx = db) {
      const rows = await trx
        .selectFrom("products")
        .innerJoin("product_prices", "product_prices.product_id", "products.id")
        .select(["products.id", "products.kind", "product_prices.amount"])
        .where("product_prices.currency", "=", currency)
        .where("products.active", "=", 1)
        .orderBy("products.position")
        .execute();
      const options = await pricedOptions(trx, currency);
      return rows.map((row) => ({
        id: row.id as ProductId,
        kind: row.kind,
        price: row.amount,
        options: options.get(row.id) ?? [],
      }));
    },

    async bundleContents(trx = db) {
      const rows = await trx.selectFrom("bundle_items").selectAll().orderBy("bundle_id").orderBy("position").execute();
      const contents = new Map<ProductId, ProductId[]>();
      for (const row of rows) {
        const list = contents.get(row.bundle_id as ProductId) ?? [];
        list.push(row.service_id as ProductId);
        contents.set(row.bundle_id as ProductId, list);
      }
      return contents;
    },

    async allProducts(trx = db) {
      const products = await trx
        .selectFrom("products")
        .select(["id", "kind", "active", "turnaround_days", "revision_rounds", "revision_days"])
        .orderBy("position")
        .execute();
      const prices = await trx.selectFrom("product_prices").select(["product_id", "currency", "amount"]).execute();
      const options = await allOptions(trx);
      return products.map((product) => ({
        id: product.id as ProductId,
        kind: product.kind,
        active: product.active === 1,
        turnaroundDays: product.turnaround_days,
        revisionRounds: product.revision_rounds,
        revisionDays: product.revision_days,
        prices: Object.fromEntries(
          prices.filter((price) => price.product_id === product.id).map((price) => [price.currency, price.amount]),
        ) as Partial<Record<Currency, number>>,
        options: options.get(product.id) ?? [],
      }));
    },

    async lifecycleTerms() {
      const rows = await db
        .selectFrom("products")
        .select(["id", "turnaround_days", "revision_rounds", "revision_days"])
        .execute();
      return new Map(
        rows.map((row) => [
          row.id as ProductId,
          { turnaroundDays: row.turnaround_days, revisionRounds: row.revision_rounds, revisionDays: row.revision_days },
        ]),
      );
    },
  };
}
