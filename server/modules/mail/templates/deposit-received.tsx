import type { Currency } from "../../../../contract/currency";
import { defineMail } from "./mail-template";
import { Action, Facts, Greeting, Paragraph } from "./parts";

/** A deposit reached the balance. */
export const depositReceived = defineMail<{ firstName: string; amount: number; balance: number; currency: Currency; paidAt: string }>({
  subject: (data, { t, money }) => t("email.depositReceived.subject", { amount: money(data.amount, data.currency) }),
  body: (data, { t, money, dateTime, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.depositReceived.intro", { amount: money(data.amount, data.currency) })}</Paragraph>
      <Facts
        rows={[
          [t("email.depositReceived.amount"), money(data.amount, data.currency)],
          [t("email.depositReceived.paidAt"), dateTime(data.paidAt)],
        ]}
        total={[t("email.depositReceived.balance"), money(data.balance, data.currency)]}
      />
      <Paragraph>{t("email.depositReceived.outro")}</Paragraph>
      <Action href={page("/profile/balance")}>{t("email.depositReceived.button")}</Action>
    </>
  ),
  examples: [
    { firstName: "Ann", amount: 12_050, balance: 50_000, currency: "GBP", paidAt: "2026-11-23T10:15:00.000Z" },
    { firstName: "Lucía", amount: 4_990, balance: 4_990, currency: "EUR", paidAt: "2026-01-02T23:59:00.000Z" },
  ],
});
