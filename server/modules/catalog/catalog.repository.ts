import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createCatalogReads, type CatalogReads } from "./catalog-reads";
import { seedCatalog } from "./catalog-seed";
import { createCatalogWrites, type CatalogWrites } from "./catalog-writes";

export type { CatalogEntry, PricedProduct } from "./catalog-entries";

/** Products, prices and bundles in the database: what the catalog reads, what the back office writes, the seed. */
export interface CatalogRepository extends CatalogReads, CatalogWrites {
  /** Inserts the catalog of content/catalog.ts where it is missing; existing rows (and edited prices) are kept. */
  seed(): Promise<void>;
}

export function createCatalogRepository(db: Kysely<Database>): CatalogRepository {
  return { ...createCatalogReads(db), ...createCatalogWrites(db), seed: () => seedCatalog(db) };
}
