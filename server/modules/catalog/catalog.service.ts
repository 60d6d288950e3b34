import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import type { CatalogRepository, PricedProduct } from "./catalog.repository";

/**
 * Products and their prices. Prices are read once per currency and kept until `invalidate()` (called when
 * staff change a price), so pricing a cart or a page costs no query.
 */
export function createCatalogService(repository: CatalogRepository) {
  const priceCache = new Map<Currency, Promise<PricedProduct[]>>();
  let contents: Promise<Map<ProductId, ProductId[]>> | null = null;
  const listeners = new Set<() => void>();

  const prices = (currency: Currency): Promise<PricedProduct[]> => {
    let cached = priceCache.get(currency);
    if (!cached) {
      cached = repository.pricedProducts(currency);
      cached.catch(() => priceCache.delete(currency));
      priceCache.set(currency, cached);
    }
    return cached;
  };

  return {
    prices,

    /** One product priced in `currency`, or undefined when it is not sold. */
    async product(id: string, currency: Currency): Promise<PricedProduct | undefined> {
      return (await prices(currency)).find((product) => product.id === id);
    },

    /** The services a bundle contains, in order (empty for a service). */
    async servicesOf(id: ProductId): Promise<ProductId[]> {
      contents ??= repository.bundleContents();
      return (await contents).get(id) ?? [];
    },

    /**
     * What an order of `productIds` promises (LIFECYCLE.md): the longest turnaround of its products in business
     * days, and the fewest revision rounds among them.
     */
    async orderTerms(productIds: readonly string[]): Promise<{ turnaroundDays: number; revisionRounds: number }> {
      const terms = await repository.lifecycleTerms();
      const known = productIds.map((id) => terms.get(id as ProductId)).filter((term) => term !== undefined);
      if (known.length === 0) return { turnaroundDays: 5, revisionRounds: 2 };
      return {
        turnaroundDays: Math.max(...known.map((term) => term.turnaroundDays)),
        revisionRounds: Math.min(...known.map((term) => term.revisionRounds)),
      };
    },

    /** Inserts any product of content/catalog.ts that is missing. */
    async seed(): Promise<void> {
      await repository.seed();
      this.invalidate();
    },

    invalidate(): void {
      priceCache.clear();
      contents = null;
      for (const listener of listeners) listener();
    },

    /** Called whenever prices change (the page cache empties itself here). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
