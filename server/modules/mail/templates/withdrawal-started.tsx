import type { Currency } from "../../../../contract/currency";
import { defineMail } from "./mail-template";
import { Action, Facts, Greeting, Paragraph } from "./parts";

interface WithdrawalMail {
  firstName: string;
  amount: number;
  balance: number;
  currency: Currency;
  /** One per deposit paid back, newest first: its date and the minor units going back to it. */
  refunds: Array<{ depositedAt: string; amount: number }>;
  /** The balance policy as every page states it (content/policies/balance-withdrawal.ts), in the mail's language. */
  policy: string;
}

/** A withdrawal left the balance: how much goes back to which payment, the balance left, and the policy. */
export const withdrawalStarted = defineMail<WithdrawalMail>({
  subject: (data, { t, money }) => t("email.withdrawal.subject", { amount: money(data.amount, data.currency) }),
  body: (data, { t, money, dateTime, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.withdrawal.intro", { amount: money(data.amount, data.currency) })}</Paragraph>
      <Facts
        rows={data.refunds.map((refund) => [t("email.withdrawal.toPayment", { date: dateTime(refund.depositedAt) }), money(refund.amount, data.currency)])}
        total={[t("email.withdrawal.balance"), money(data.balance, data.currency)]}
      />
      <Paragraph>{data.policy}</Paragraph>
      <Action href={page("/profile/balance")}>{t("email.withdrawal.button")}</Action>
    </>
  ),
  examples: [
    {
      firstName: "Ann",
      amount: 3_000,
      balance: 1_050,
      currency: "GBP",
      refunds: [
        { depositedAt: "2026-11-23T10:15:00.000Z", amount: 2_000 },
        { depositedAt: "2026-11-20T09:00:00.000Z", amount: 1_000 },
      ],
      policy: "Money on your balance that you have not spent is yours to take back at any time.",
    },
    {
      firstName: "Lucía",
      amount: 1_050,
      balance: 0,
      currency: "EUR",
      refunds: [{ depositedAt: "2026-01-02T23:59:00.000Z", amount: 1_050 }],
      policy: "El saldo que no hayas gastado es tuyo y puedes recuperarlo cuando quieras.",
    },
  ],
});
