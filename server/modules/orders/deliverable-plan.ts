import type { Currency } from "../../../contract/currency";
import type { CatalogService, ProductOption, ProductTerms } from "../catalog";
import { bundleShares } from "./bundle-shares";
import type { PricedItem } from "./order-cart";

/** A deliverable an order will hold once placed: which service, from which item, its share and its terms. */
export interface PlannedDeliverable {
  itemPosition: number;
  productId: string;
  /** The bundle it is bought in, or null. */
  bundleId: string | null;
  /** Minor units: the item's price, or its share of the bundle's price. */
  price: number;
  /** With its options applied: a rush's turnaround, one more round per extra revision. */
  terms: ProductTerms;
  /** The options bought with it (a service bought alone only). */
  options: ProductOption[];
}

/** A service's terms with its options applied (docs/decisions/0077-service-options.md). */
export function optionedTerms(terms: ProductTerms, options: readonly ProductOption[]): ProductTerms {
  const rush = options.find((option) => option.kind === "rush");
  const extraRounds = options.filter((option) => option.kind === "revision").length;
  return {
    ...terms,
    turnaroundDays: rush?.turnaroundDays ?? terms.turnaroundDays,
    revisionRounds: terms.revisionRounds + extraRounds,
  };
}

/**
 * One deliverable per service (LIFECYCLE.md): a service bought alone is one; a bundle yields one per service it
 * contains, priced as its share of the bundle price in proportion to the services' list prices in the order's currency
 * (bundle-shares.ts), so the shares add up to what the customer paid for the bundle.
 */
export async function planDeliverables(catalog: CatalogService, items: readonly PricedItem[], currency: Currency): Promise<PlannedDeliverable[]> {
  const planned: PlannedDeliverable[] = [];
  for (const [itemPosition, item] of items.entries()) {
    const services = await catalog.servicesOf(item.productId);
    if (services.length === 0) {
      const terms = optionedTerms(await catalog.workTerms(item.productId), item.options);
      planned.push({ itemPosition, productId: item.productId, bundleId: null, price: item.price, terms, options: item.options });
      continue;
    }
    const listPrices = await Promise.all(services.map(async (service) => (await catalog.product(service, currency))?.price ?? 0));
    const shares = bundleShares(item.price, listPrices);
    for (const [index, service] of services.entries()) {
      const terms = await catalog.workTerms(service);
      planned.push({ itemPosition, productId: service, bundleId: item.productId, price: shares[index] ?? 0, terms, options: [] });
    }
  }
  return planned;
}
