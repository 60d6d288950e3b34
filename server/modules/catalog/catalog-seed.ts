import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { BUNDLES, SERVICE_OPTIONS, SERVICES } from "../../../content/catalog";
import { revisionDays } from "./work-terms";

/** The product rows of content/catalog.ts: services first, then bundles with their longest turnaround and fewest rounds. */
function seedProducts() {
  return [
    ...SERVICES.map((service, index) => ({
      id: service.id,
      kind: "service" as const,
      position: index,
      active: 1,
      turnaround_days: service.turnaround,
      revision_rounds: service.revisions,
      revision_days: revisionDays(service.id),
    })),
    ...BUNDLES.map((bundle, index) => {
      const services = SERVICES.filter((service) => bundle.services.includes(service.id));
      return {
        id: bundle.id,
        kind: "bundle" as const,
        position: 100 + index,
        active: 1,
        turnaround_days: Math.max(...services.map((service) => service.turnaround)),
        revision_rounds: Math.min(...services.map((service) => service.revisions)),
        revision_days: Math.max(...services.map((service) => revisionDays(service.id))),
      };
    }),
  ];
}

/** Inserts the catalog of content/catalog.ts where it is missing; existing rows (and edited prices) are kept. */
export async function seedCatalog(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("products")
      .values(seedProducts())
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
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
    await seedOptions(trx);
  });
}

/** Each service's options of content/catalog.ts where missing; options and prices staff edited are kept. */
async function seedOptions(trx: Kysely<Database>): Promise<void> {
  const seeded = Object.entries(SERVICE_OPTIONS);
  const options = seeded.flatMap(([productId, list]) =>
    list.map((option, position) => ({
      product_id: productId,
      id: option.id,
      kind: option.kind,
      position,
      active: 1,
      turnaround_days: option.turnaroundDays ?? null,
    })),
  );
  await trx
    .insertInto("product_options")
    .values(options)
    .onConflict((oc) => oc.columns(["product_id", "id"]).doNothing())
    .execute();
  const prices = seeded.flatMap(([productId, list]) =>
    list.flatMap((option) =>
      Object.entries(option.prices).map(([currency, amount]) => ({
        product_id: productId,
        option_id: option.id,
        currency,
        amount,
      })),
    ),
  );
  await trx
    .insertInto("product_option_prices")
    .values(prices)
    .onConflict((oc) => oc.columns(["product_id", "option_id", "currency"]).doNothing())
    .execute();
}
