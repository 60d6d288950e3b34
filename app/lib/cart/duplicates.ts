import { BUNDLES } from "../../../content/catalog";
import type { BundleId, ProductId, ServiceId } from "../../../contract/product-ids";

/**
 * Service lines the cart already pays for inside a bundle (Article Forge next to the Growth & Visibility Pack):
 * line id → the bundle that holds it. The catalog data says which bundle holds which service.
 */
export function servicesInBundles(items: ReadonlyArray<{ id: string; productId: ProductId }>): Map<string, BundleId> {
  const bundlesInCart = BUNDLES.filter((bundle) => items.some((item) => item.productId === bundle.id));
  const found = new Map<string, BundleId>();
  for (const item of items) {
    const holder = bundlesInCart.find((bundle) => bundle.services.includes(item.productId as ServiceId));
    if (holder) found.set(item.id, holder.id);
  }
  return found;
}
