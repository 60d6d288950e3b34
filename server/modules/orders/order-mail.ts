import { BUNDLE_CONTENT, SERVICE_CONTENT } from "../../../content";
import type { BundleId, ProductId, ServiceId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { formatMoney } from "../../../contract/money";
import { translate, type Locale } from "../../i18n/messages";
import type { MailMessage } from "../mail/mail.service";

export function productName(id: ProductId, locale: Locale): string {
  const content = SERVICE_CONTENT[id as ServiceId] ?? BUNDLE_CONTENT[id as BundleId];
  return content ? content.name[locale] : id;
}

interface ConfirmedOrder {
  number: string;
  currency: Currency;
  total: number;
  items: Array<{ productId: ProductId; price: number }>;
}

/** "Order SC-000042 confirmed": every item with its price, the total, and where to follow it. */
export function confirmationMail(to: string, order: ConfirmedOrder, locale: Locale, publicUrl: string): MailMessage {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `orders.mail.${key}`, params);
  const amount = (minor: number) => formatMoney({ minor, currency: order.currency }, locale);
  const ordersUrl = orderPageUrl(publicUrl, order.number, locale);
  const lines = order.items.map((item) => `- ${productName(item.productId, locale)}: ${amount(item.price)}`);
  return {
    to,
    subject: t("confirmedSubject", { number: order.number }),
    text: [
      t("confirmedIntro", { number: order.number }),
      "",
      ...lines,
      "",
      t("total", { total: amount(order.total) }),
      "",
      t("followUp", { url: ordersUrl }),
    ].join("\n"),
  };
}

export type OrderMailKind =
  | "started"
  | "question"
  | "message"
  | "delivered"
  | "accepted"
  | "revisionRequested"
  | "cancelled"
  | "autoCompleted"
  | "reviewReminder"
  | "late";

/** The order's own page: the customer's, or the back office's for staff. */
export function orderPageUrl(publicUrl: string, number: string, locale: Locale, audience: "customer" | "staff" = "customer"): string {
  return audience === "staff" ? `${publicUrl}/admin/orders/${number}` : `${publicUrl}${locale === "es" ? "/es" : ""}/profile/orders/${number}`;
}

/**
 * A mail about a step of the order's lifecycle, in the recipient's language, linking to the order's page:
 * `orders.mail.<kind>Subject` and `orders.mail.<kind>Body` of the catalogue. `refund` (minor units) and `date`
 * (ISO) are formatted for the locale.
 */
export function orderMail(
  kind: OrderMailKind,
  to: string,
  order: { number: string; currency: string },
  locale: Locale,
  publicUrl: string,
  params: Record<string, string | number> = {},
  audience: "customer" | "staff" = "customer",
): MailMessage {
  const values: Record<string, string | number> = { ...params, number: order.number, url: orderPageUrl(publicUrl, order.number, locale, audience) };
  if (typeof params.refund === "number") values.refund = formatMoney({ minor: params.refund, currency: order.currency as Currency }, locale);
  if (typeof params.date === "string") values.date = new Date(params.date).toLocaleString(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";
  const body = [translate(locale, `orders.mail.${kind}Body`, values)];
  if (typeof params.reason === "string") body.push("", translate(locale, "orders.mail.reason", { reason: params.reason }));
  if (typeof params.message === "string") body.push("", "> " + params.message.split("\n").join("\n> "));
  body.push("", translate(locale, "orders.mail.openOrder", { url: values.url as string }));
  return { to, subject: translate(locale, `orders.mail.${kind}Subject`, values), text: body.join("\n") };
}
