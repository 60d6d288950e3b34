import { orderBriefSchema, type Brief } from "../../../contract/briefs";
import type { ProductId, ServiceId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import type { PlaceOrderRequest } from "../../../contract/orders";
import { ZodError, type z } from "zod";
import type { CatalogService, ProductOption } from "../catalog";
import { chooseOptions } from "./item-options";

export interface PricedItem {
  productId: ProductId;
  /** Minor units, from the catalog: the product's price and its options'. */
  price: number;
  /** Minor units: the product's price alone (its invoice line). */
  basePrice: number;
  /** The options chosen, as priced by the catalog, in its order. */
  options: ProductOption[];
  /** The brief as checked (trimmed, unknown fields refused). */
  brief: Brief;
}

/**
 * Prices every cart item from the catalog (never from the client) and checks each brief against its product's
 * form. All problems of the cart are reported together, named `orderFormData[i].productId` or
 * `orderFormData[i].brief.<field>` (`orderFormData[i].brief.<service>.<field>` inside a bundle).
 */
export async function priceCart(
  catalog: CatalogService,
  cart: PlaceOrderRequest["orderFormData"],
  currency: Currency,
): Promise<{ items: PricedItem[]; total: number }> {
  const issues: z.core.$ZodIssue[] = [];
  const items: PricedItem[] = [];
  for (const [index, item] of cart.entries()) {
    const product = await catalog.product(item.productId, currency);
    if (!product) {
      issues.push({ code: "custom", path: ["orderFormData", index, "productId"], message: "orders.unknownProduct", input: item.productId });
      continue;
    }
    const services = product.kind === "bundle" ? ((await catalog.servicesOf(product.id)) as ServiceId[]) : [];
    const checked = orderBriefSchema(product.id, services).safeParse(item.brief);
    const options = chooseOptions(product.options, item.options ?? [], index);
    issues.push(...options.issues);
    if (!checked.success) {
      issues.push(...checked.error.issues.map((issue) => ({ ...issue, path: ["orderFormData", index, "brief", ...issue.path] })));
      continue;
    }
    const price = options.chosen.reduce((sum, option) => sum + option.price, product.price);
    items.push({ productId: product.id, price, basePrice: product.price, options: options.chosen, brief: checked.data });
  }
  // A ZodError is the contract's 400 already: the error handler names each issue's field from its full path and
  // reads "required" against the whole cart, so the cart's problems come back together in one answer.
  if (issues.length > 0) throw Object.assign(new ZodError(issues), { input: { orderFormData: cart } });
  return { items, total: items.reduce((sum, item) => sum + item.price, 0) };
}
