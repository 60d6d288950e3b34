import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { OptionId } from "../../../contract/service-options";
import type { Database } from "../../db/schema";
import type { CatalogOptionEntry, ProductOption } from "./catalog-entries";

/** Each product's options on sale with a price in `currency`, in order. */
export async function pricedOptions(db: Kysely<Database>, currency: Currency): Promise<Map<string, ProductOption[]>> {
  const rows = await db
    .selectFrom("product_options")
    .innerJoin("product_option_prices", (join) =>
      join
        .onRef("product_option_prices.product_id", "=", "product_options.product_id")
        .onRef("product_option_prices.option_id", "=", "product_options.id"),
    )
    .select([
      "product_options.product_id",
      "product_options.id",
      "product_options.kind",
      "product_options.turnaround_days",
      "product_option_prices.amount",
    ])
    .where("product_option_prices.currency", "=", currency)
    .where("product_options.active", "=", 1)
    .orderBy("product_options.product_id")
    .orderBy("product_options.position")
    .execute();
  const byProduct = new Map<string, ProductOption[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({ id: row.id as OptionId, kind: row.kind, price: row.amount, turnaroundDays: row.turnaround_days });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** Each product's options, sold or hidden, with a price per currency (back office). */
export async function allOptions(db: Kysely<Database>): Promise<Map<string, CatalogOptionEntry[]>> {
  const options = await db
    .selectFrom("product_options")
    .selectAll()
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const prices = await db.selectFrom("product_option_prices").selectAll().execute();
  const byProduct = new Map<string, CatalogOptionEntry[]>();
  for (const option of options) {
    const list = byProduct.get(option.product_id) ?? [];
    list.push({
      id: option.id as OptionId,
      kind: option.kind,
      active: option.active === 1,
      turnaroundDays: option.turnaround_days,
      prices: Object.fromEntries(
        prices
          .filter((price) => price.product_id === option.product_id && price.option_id === option.id)
          .map((price) => [price.currency, price.amount]),
      ),
    });
    byProduct.set(option.product_id, list);
  }
  return byProduct;
}
