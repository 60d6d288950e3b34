import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import type { ChangeBus } from "../../platform/change-bus";
import { createCatalogAdmin, type CatalogAdmin, type CatalogAdminDeps } from "./catalog-admin";
import { createCatalogCache, type CatalogCache } from "./catalog-cache";
import type { PricedProduct, ProductTerms } from "./catalog-entries";
import { DEFAULT_TERMS } from "./work-terms";
import type { CatalogRepository } from "./catalog.repository";

export type { CatalogChange } from "./catalog-entries";
export type { CatalogAdminDeps } from "./catalog-admin";

/** Products and their prices for the storefront, the cart and orders, and the back office's changes to them. */
export interface CatalogService
  extends CatalogAdmin,
    Pick<CatalogCache, "prices" | "servicesOf" | "invalidate" | "onChange"> {
  /** One product priced in `currency`, or undefined when it is not sold. */
  product(id: string, currency: Currency): Promise<PricedProduct | undefined>;
  /**
   * What an order of `productIds` promises (LIFECYCLE.md): the longest turnaround of its products in business
   * days, and the fewest revision rounds among them.
   */
  orderTerms(productIds: readonly string[]): Promise<ProductTerms>;
  /** The terms of one product (a deliverable's clock and rounds), the store's defaults when unknown. */
  workTerms(id: string): Promise<ProductTerms>;
  /** Inserts any product of content/catalog.ts that is missing. */
  seed(): Promise<void>;
}

/** Products and their prices, read through a cache that every instance empties on a change (catalog-cache.ts). */
export function createCatalogService(
  repository: CatalogRepository,
  bus?: ChangeBus,
  admin?: CatalogAdminDeps,
): CatalogService {
  const cache = createCatalogCache(repository, bus);
  return {
    prices: cache.prices,
    servicesOf: cache.servicesOf,
    invalidate: cache.invalidate,
    onChange: cache.onChange,
    ...createCatalogAdmin(repository, cache, admin),

    async product(id, currency) {
      return (await cache.prices(currency)).find((product) => product.id === id);
    },

    async orderTerms(productIds) {
      // Kept like prices until the catalog changes: every rendered page shows every service's terms.
      const byProduct = await cache.terms();
      const known = productIds.map((id) => byProduct.get(id as ProductId)).filter((term) => term !== undefined);
      if (known.length === 0) return DEFAULT_TERMS;
      return {
        turnaroundDays: Math.max(...known.map((term) => term.turnaroundDays)),
        revisionRounds: Math.min(...known.map((term) => term.revisionRounds)),
        revisionDays: Math.max(...known.map((term) => term.revisionDays)),
      };
    },

    async workTerms(id) {
      return (await cache.terms()).get(id as ProductId) ?? DEFAULT_TERMS;
    },

    async seed() {
      await repository.seed();
      cache.invalidate();
    },
  };
}
