import type { ProductId } from "../../../../contract/catalog";
import type { Currency } from "../../../../contract/currency";
import { productName } from "../../catalog";
import { defineMail } from "./mail-template";
import { Action, Facts, Paragraph } from "./parts";


export interface OrderPlacedData {
  number: string;
  currency: Currency;
  total: number;
  items: Array<{ productId: ProductId; price: number }>;
  dueAt: string;
  /** The promotion code's discount (minor units), when the order used one: the items above are at list price. */
  discount?: { code: string; amount: number };
  /** The order's page (absolute, in the customer's language). */
  url: string;
}

/** An order was placed and paid: what was bought, the total, the due date and the order's page. */
export const orderPlaced = defineMail<OrderPlacedData>({
  subject: (data, { t }) => t("email.orderPlaced.subject", { number: data.number }),
  body: (data, { t, money, dateTime, locale }) => (
    <>
      <Paragraph>{t("email.orderPlaced.intro", { number: data.number })}</Paragraph>
      <Facts
        rows={[
          ...data.items.map((item): [string, string] => [productName(item.productId, locale), money(item.price, data.currency)]),
          ...(data.discount ? [[t("email.orderPlaced.discount", { code: data.discount.code }), money(-data.discount.amount, data.currency)] as [string, string]] : []),
        ]}
        total={[t("email.orderPlaced.total"), money(data.total, data.currency)]}
      />
      <Paragraph>{t("email.orderPlaced.due", { date: dateTime(data.dueAt) })}</Paragraph>
      <Action href={data.url}>{t("email.orderPlaced.button", { number: data.number })}</Action>
    </>
  ),
  examples: [
    {
      number: "SC-000042",
      currency: "EUR",
      total: 48_800,
      items: [
        { productId: "article-forge", price: 14_900 },
        { productId: "growth-and-visibility-pack", price: 33_900 },
      ],
      dueAt: "2026-11-30T10:15:00.000Z",
      url: "http://localhost:3000/profile/orders/SC-000042",
    },
    {
      number: "SC-000042",
      currency: "EUR",
      total: 43_920,
      items: [
        { productId: "article-forge", price: 14_900 },
        { productId: "growth-and-visibility-pack", price: 33_900 },
      ],
      discount: { code: "SPRING10", amount: 4_880 },
      dueAt: "2026-11-30T10:15:00.000Z",
      url: "http://localhost:3000/profile/orders/SC-000042",
    },
  ],
});
