import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import { DomainError } from "../../platform/domain-error";
import type { ChangeBus } from "../../platform/change-bus";
import type { CatalogRepository, PricedProduct } from "./catalog.repository";

/**
 * Products and their prices. Prices are read once per currency and kept until they change: a change made here or
 * on another instance arrives over the change bus and empties this cache (and the page cache, through `onChange`),
 * so pricing a cart or a page costs no query.
 */
export function createCatalogService(repository: CatalogRepository, bus?: ChangeBus) {
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

  const invalidate = (): void => {
    priceCache.clear();
    contents = null;
    for (const listener of listeners) listener();
  };
  bus?.subscribe("catalog.prices", invalidate);

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

    invalidate,

    /** Staff set a price (minor units); every instance shows it at once. */
    async setPrice(productId: ProductId, currency: Currency, amount: number): Promise<void> {
      if (!(await repository.updatePrice(productId, currency, amount))) throw DomainError.notFound();
      if (bus) await bus.publish("catalog.prices");
      else invalidate();
    },

    /** Called whenever prices change (the page cache empties itself here). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
