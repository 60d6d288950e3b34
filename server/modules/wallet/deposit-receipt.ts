import type { Currency } from "../../../contract/currency";
import type { Locale } from "../../i18n/messages";
import type { TemplatedMail } from "../mail";

export interface ReceiptFacts {
  to: string;
  name: string;
  /** Kept for the caller's records; the mail never shows a raw id. */
  depositId: string;
  amount: number;
  currency: Currency;
  balance: number;
  paidAt: string;
  locale: Locale;
}

/** The mail a customer gets when a deposit reaches their balance, in the language they deposited in. */
export function depositReceipt(facts: ReceiptFacts): TemplatedMail {
  return {
    to: facts.to,
    locale: facts.locale,
    template: "depositReceived",
    data: {
      firstName: facts.name,
      amount: facts.amount,
      balance: facts.balance,
      currency: facts.currency,
      paidAt: facts.paidAt,
    },
  };
}
