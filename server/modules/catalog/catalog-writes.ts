import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Currency } from "../../../contract/currency";
import type { CatalogChange, CatalogOptionChange } from "./catalog-entries";
import { holdRow } from "../../db/row-lock";

/** The back office's changes to products and prices, each in the caller's transaction. */
export interface CatalogWrites {
  /** Sets one product's price in one currency; false when the product has no price in that currency. */
  updatePrice(productId: string, currency: Currency, amount: number, trx?: Kysely<Database>): Promise<boolean>;
  /** Locks the product's row (PostgreSQL); false when there is no such product. */
  lockProduct(id: string, trx: Kysely<Database>): Promise<boolean>;
  /** Sets a product's visibility, terms and prices (minor units per currency). */
  updateProduct(id: string, change: CatalogChange, trx?: Kysely<Database>): Promise<void>;
  /** Sets an option's visibility, rush turnaround and prices; false when the product has no such option. */
  updateOption(
    productId: string,
    optionId: string,
    change: CatalogOptionChange,
    trx: Kysely<Database>,
  ): Promise<boolean>;
}

export function createCatalogWrites(db: Kysely<Database>): CatalogWrites {
  return {
    async updatePrice(productId, currency, amount, trx = db) {
      const result = await trx
        .updateTable("product_prices")
        .set({ amount })
        .where("product_id", "=", productId)
        .where("currency", "=", currency)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async lockProduct(id, trx) {
      return holdRow(trx, "products", id);
    },

    async updateProduct(id, change, trx = db) {
      await trx
        .updateTable("products")
        .set({
          active: change.active ? 1 : 0,
          turnaround_days: change.turnaroundDays,
          revision_rounds: change.revisionRounds,
          ...(change.revisionDays === undefined ? {} : { revision_days: change.revisionDays }),
        })
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

    async updateOption(productId, optionId, change, trx) {
      const result = await trx
        .updateTable("product_options")
        .set({
          active: change.active ? 1 : 0,
          ...(change.turnaroundDays === undefined ? {} : { turnaround_days: change.turnaroundDays }),
        })
        .where("product_id", "=", productId)
        .where("id", "=", optionId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      for (const [currency, amount] of Object.entries(change.prices)) {
        await trx
          .insertInto("product_option_prices")
          .values({ product_id: productId, option_id: optionId, currency, amount })
          .onConflict((oc) => oc.columns(["product_id", "option_id", "currency"]).doUpdateSet({ amount }))
          .execute();
      }
      return true;
    },
  };
}
