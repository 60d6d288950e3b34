import type { Currency } from "../../../contract/currency";
import { formatMoney } from "../../../contract/money";
import { translate, type Locale } from "../../i18n/messages";
import type { MailMessage } from "../mail/mail.service";

export interface ReceiptFacts {
  to: string;
  name: string;
  depositId: string;
  amount: number;
  currency: Currency;
  balance: number;
  paidAt: string;
  locale: Locale;
  /** The receipt attached as a PDF. */
  receiptNumber: string;
}

/** The mail a customer gets when a deposit reaches their balance, in the language they deposited in. */
export function depositReceipt(facts: ReceiptFacts): MailMessage {
  const values = {
    name: facts.name,
    depositId: facts.depositId,
    amount: formatMoney({ minor: facts.amount, currency: facts.currency }, facts.locale),
    balance: formatMoney({ minor: facts.balance, currency: facts.currency }, facts.locale),
    paidAt: facts.paidAt,
  };
  return {
    to: facts.to,
    subject: translate(facts.locale, "wallet.receipt.subject", values),
    text: `${translate(facts.locale, "wallet.receipt.text", values)}\n\n${translate(facts.locale, "documents.mailAttached.receipt", { number: facts.receiptNumber })}`,
  };
}
