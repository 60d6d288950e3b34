import type { ProductId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import type { Locale } from "../../i18n/messages";
import type { TemplatedMail } from "../mail";
import type { OrderUpdateData, OrderUpdateKind } from "../mail";

interface ConfirmedOrder {
  number: string;
  currency: Currency;
  total: number;
  items: Array<{ productId: ProductId; price: number }>;
  dueAt: string;
  /** The promotion code's discount (minor units), when the order used one. */
  discount?: { code: string; amount: number };
}

/** "Order SC-000042 confirmed": every item with its price, the total, the due date and a link to the order's page. */
export function confirmationMail(to: string, order: ConfirmedOrder, locale: Locale, publicUrl: string): TemplatedMail {
  return { to, locale, template: "orderPlaced", data: { ...order, url: orderPageUrl(publicUrl, order.number, locale) } };
}

export type OrderMailKind = OrderUpdateKind;

/** The order's own page: the customer's, or the back office's for staff. */
export function orderPageUrl(publicUrl: string, number: string, locale: Locale, audience: "customer" | "staff" = "customer"): string {
  return audience === "staff" ? `${publicUrl}/admin/orders/${number}` : `${publicUrl}${locale === "es" ? "/es" : ""}/profile/orders/${number}`;
}

/**
 * A mail about a step of the order's lifecycle, in the recipient's language, linking to the order's page (the
 * `orderUpdate` template: `orders.mail.<kind>Subject` and `<kind>Body`). `refund` (minor units) and `date` (ISO)
 * are formatted for the locale; `reason` and `message` are shown as written.
 */
export function orderMail(
  kind: OrderMailKind,
  to: string,
  order: { number: string; currency: string; n?: number; of?: number; product_id?: string },
  locale: Locale,
  publicUrl: string,
  params: Record<string, string | number> = {},
  audience: "customer" | "staff" = "customer",
): TemplatedMail {
  const data: OrderUpdateData = { kind, number: order.number, currency: order.currency as Currency, url: orderPageUrl(publicUrl, order.number, locale, audience) };
  if (typeof params.version === "number") data.version = params.version;
  if (typeof params.refund === "number") data.refund = params.refund;
  if (typeof params.date === "string") data.date = params.date;
  if (typeof params.reason === "string") data.reason = params.reason;
  if (typeof params.message === "string") data.message = params.message;
  if (typeof params.author === "string") data.author = params.author;
  if (typeof params.rounds === "number") data.rounds = params.rounds;
  if (typeof params.days === "number") data.days = params.days;
  if (typeof params.percent === "number") data.percent = params.percent;
  // A step of one deliverable names it (LIFECYCLE.md): its service and its place in the order.
  if (order.n !== undefined && order.of !== undefined && order.product_id) data.deliverable = { n: order.n, of: order.of, productId: order.product_id as ProductId };
  return { to, locale, template: "orderUpdate", data };
}
