import { orderBriefSchema, type Brief } from "../../../contract/briefs";
import type { ProductId, ServiceId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import type { PlaceOrderRequest } from "../../../contract/orders";
import { ApiError, type FieldMessages } from "../../http/api-error";
import { validationFieldMessages } from "../../i18n/validation-messages";
import type { CatalogService } from "../catalog/catalog.service";

export interface PricedItem {
  productId: ProductId;
  /** Minor units, from the catalog. */
  price: number;
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
  const errors: FieldMessages = {};
  const items: PricedItem[] = [];
  for (const [index, item] of cart.entries()) {
    const product = await catalog.product(item.productId, currency);
    if (!product) {
      errors[`orderFormData[${index}].productId`] = [{ key: "orders.unknownProduct" }];
      continue;
    }
    const services = product.kind === "bundle" ? ((await catalog.servicesOf(product.id)) as ServiceId[]) : [];
    const checked = orderBriefSchema(product.id, services).safeParse(item.brief);
    if (!checked.success) {
      Object.assign(errors, validationFieldMessages(checked.error.issues, item.brief, ["orderFormData", index, "brief"]));
      continue;
    }
    items.push({ productId: product.id, price: product.price, brief: checked.data });
  }
  if (Object.keys(errors).length > 0) throw ApiError.fields(errors);
  return { items, total: items.reduce((sum, item) => sum + item.price, 0) };
}
