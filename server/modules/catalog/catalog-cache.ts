import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import type { ChangeBus } from "../../platform/change-bus";
import type { PricedProduct, ProductTerms } from "./catalog-entries";
import type { CatalogReads } from "./catalog-reads";

/** What a change topic names: prices only, or a product's visibility and terms. */
export type CatalogTopic = "catalog.prices" | "catalog.products";

/** The catalog as the storefront reads it, from memory until it changes. */
export interface CatalogCache {
  prices(currency: Currency): Promise<PricedProduct[]>;
  /** The services a bundle contains, in order (empty for a service). */
  servicesOf(id: ProductId): Promise<ProductId[]>;
  /** Each product's terms (LIFECYCLE.md). */
  terms(): Promise<Map<ProductId, ProductTerms>>;
  /** Forgets what was read and tells the listeners (the page cache). */
  invalidate(): void;
  /** Tells every instance (or this one, without a bus) that prices or products changed. */
  announce(topic: CatalogTopic): Promise<void>;
  /** Called whenever prices change (the page cache empties itself here). */
  onChange(listener: () => void): () => void;
}

/**
 * Prices (once per currency), bundle contents and terms are read once and kept until they change: a change made
 * here or on another instance arrives over the change bus and empties this cache (and the page cache, through
 * `onChange`), so pricing a cart or a page costs no query.
 */
export function createCatalogCache(
  repository: Pick<CatalogReads, "pricedProducts" | "bundleContents" | "lifecycleTerms">,
  bus?: ChangeBus,
): CatalogCache {
  const priceCache = new Map<Currency, Promise<PricedProduct[]>>();
  let contents: Promise<Map<ProductId, ProductId[]>> | null = null;
  let terms: Promise<Map<ProductId, ProductTerms>> | null = null;
  const listeners = new Set<() => void>();

  const invalidate = (): void => {
    priceCache.clear();
    contents = null;
    terms = null;
    for (const listener of listeners) listener();
  };
  bus?.subscribe("catalog.prices", invalidate);
  bus?.subscribe("catalog.products", invalidate);

  return {
    prices(currency) {
      let cached = priceCache.get(currency);
      if (!cached) {
        cached = repository.pricedProducts(currency);
        cached.catch(() => priceCache.delete(currency));
        priceCache.set(currency, cached);
      }
      return cached;
    },
    async servicesOf(id) {
      contents ??= repository.bundleContents();
      return (await contents).get(id) ?? [];
    },
    terms() {
      if (!terms) {
        const read = repository.lifecycleTerms();
        read.catch(() => (terms = null));
        terms = read;
      }
      return terms;
    },
    invalidate,
    async announce(topic) {
      if (bus) await bus.publish(topic);
      else invalidate();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
