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
  /** The invoice attached as a PDF. */
  invoiceNumber: string;
}

/** "Order SC-000042 confirmed": every item with its price, the total, and where to follow it. */
export function confirmationMail(to: string, order: ConfirmedOrder, locale: Locale, publicUrl: string): MailMessage {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `orders.mail.${key}`, params);
  const amount = (minor: number) => formatMoney({ minor, currency: order.currency }, locale);
  const ordersUrl = `${publicUrl}${locale === "es" ? "/es" : ""}/profile/orders`;
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
      "",
      translate(locale, "documents.mailAttached.invoice", { number: order.invoiceNumber }),
    ].join("\n"),
  };
}

/** "Your order SC-000042 is ready": the result can be downloaded from the orders page. */
export function deliveredMail(to: string, number: string, locale: Locale, publicUrl: string): MailMessage {
  const ordersUrl = `${publicUrl}${locale === "es" ? "/es" : ""}/profile/orders`;
  return {
    to,
    subject: translate(locale, "orders.mail.deliveredSubject", { number }),
    text: translate(locale, "orders.mail.deliveredBody", { number, url: ordersUrl }),
  };
}
