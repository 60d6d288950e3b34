import type { Currency } from "../../../contract/currency";
import type { CatalogService, ProductTerms } from "../catalog";
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
  terms: ProductTerms;
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
      planned.push({ itemPosition, productId: item.productId, bundleId: null, price: item.price, terms: await catalog.workTerms(item.productId) });
      continue;
    }
    const listPrices = await Promise.all(services.map(async (service) => (await catalog.product(service, currency))?.price ?? 0));
    const shares = bundleShares(item.price, listPrices);
    for (const [index, service] of services.entries()) {
      planned.push({ itemPosition, productId: service, bundleId: item.productId, price: shares[index] ?? 0, terms: await catalog.workTerms(service) });
    }
  }
  return planned;
}
