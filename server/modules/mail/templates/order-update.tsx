import type { ProductId } from "../../../../contract/catalog";
import type { Currency } from "../../../../contract/currency";
import type { Locale } from "../../../i18n/messages";
import { productName } from "../../catalog";
import { defineMail } from "./mail-template";
import { Action, Paragraph, Quote } from "./parts";

export const ORDER_UPDATE_KINDS = [
  "started",
  "question",
  "message",
  "delivered",
  "accepted",
  "revisionRequested",
  "cancelled",
  "credited",
  "autoCompleted",
  "reviewReminder",
  "late",
  "lateCredited",
] as const;
export type OrderUpdateKind = (typeof ORDER_UPDATE_KINDS)[number];

export interface OrderUpdateData {
  kind: OrderUpdateKind;
  number: string;
  currency: Currency;
  /** The order's page (the customer's in their language, or the back office's for staff). */
  url: string;
  version?: number;
  /** Minor units of `currency`. */
  refund?: number;
  /** ISO; shown in the reader's language, in UTC. */
  date?: string;
  reason?: string;
  /** The on-time guarantee's share of the price, in percent. */
  percent?: number;
  /** A delivery: the revision rounds left, and the business days each takes. */
  rounds?: number;
  days?: number;
  /** Words someone wrote (a question, a message, the changes asked for), quoted. */
  message?: string;
  /** Who of staff wrote `message`: the customer reads their name under it. */
  author?: string;
  /** The deliverable the step is about: its service and its place in the order ("2 of 4"). */
  deliverable?: { n: number; of: number; productId: ProductId };
}

/** "You have 2 revision rounds left; each comes back within 3 business days." (from the catalog, at placing time). */
function roundsLeft(rounds: number, days: number, locale: Locale, t: (key: string, values?: Record<string, string | number>) => string): string {
  if (rounds === 0) return t("orders.mail.deliveredNoRounds");
  const plural = (count: number) => (new Intl.PluralRules(locale).select(count) === "one" ? "one" : "other");
  const time = t(`orders.mail.businessDays_${plural(days)}`, { count: days });
  return t(`orders.mail.deliveredRounds_${plural(rounds)}`, { count: rounds, days: time });
}

/**
 * A step of the order's lifecycle, to the customer or staff: `orders.mail.<kind>Subject` and `<kind>Body` of the
 * catalogue, the reason or message when there is one, and a button to the order's page.
 */
export const orderUpdate = defineMail<OrderUpdateData>({
  subject: (data, { t }) => t(`orders.mail.${data.kind}Subject`, { number: data.number }),
  body: (data, { t, money, dateTime, locale }) => {
    const values: Record<string, string | number> = { number: data.number };
    if (data.version !== undefined) values.version = data.version;
    if (data.refund !== undefined) values.refund = money(data.refund, data.currency);
    if (data.date !== undefined) values.date = dateTime(data.date);
    if (data.percent !== undefined) values.percent = new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-GB", { style: "percent" }).format(data.percent / 100);
    return (
      <>
        {data.deliverable ? (
          <Paragraph>
            {t("orders.mail.deliverable", { name: productName(data.deliverable.productId, locale), n: data.deliverable.n, of: data.deliverable.of })}
          </Paragraph>
        ) : null}
        <Paragraph>{t(`orders.mail.${data.kind}Body`, values)}</Paragraph>
        {data.rounds !== undefined ? <Paragraph>{roundsLeft(data.rounds, data.days ?? 0, locale, t)}</Paragraph> : null}
        {data.reason ? <Paragraph>{t("orders.mail.reason", { reason: data.reason })}</Paragraph> : null}
        {data.message ? <Quote text={data.message} /> : null}
        {data.message && data.author ? <Paragraph>{t("orders.mail.signed", { name: data.author })}</Paragraph> : null}
        <Action href={data.url}>{t("email.orderUpdate.button", { number: data.number })}</Action>
      </>
    );
  },
  examples: ORDER_UPDATE_KINDS.map((kind) => ({
    kind,
    number: "SC-000042",
    currency: "EUR" as const,
    url: "http://localhost:3000/profile/orders/SC-000042",
    version: 2,
    refund: 14_900,
    date: "2026-11-30T10:15:00.000Z",
    ...(kind === "delivered" ? { rounds: 2, days: 3 } : {}),
    ...(kind === "lateCredited" ? { percent: 10 } : {}),
    deliverable: { n: 2, of: 4, productId: "seo-layer" as const },
    ...(kind === "cancelled" ? { reason: "The brief cannot be done as asked." } : {}),
    ...(["question", "message", "revisionRequested"].includes(kind) ? { message: "Could you add a paragraph\nabout pricing?" } : {}),
  })),
});
