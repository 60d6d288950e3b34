import type { Currency } from "../../../contract/currency";
import { LOCALES } from "../../../common/locales";
import type { Locale } from "../../i18n/messages";
import type { DocumentKind } from "./documents.tables";

export interface Seller {
  name: string;
  address: string[];
  vatNumber: string;
  /** VAT included in every price, in basis points (21 % = 2100). */
  vatRateBasisPoints: number;
}

/** Who paid, as sent with the deposit or order (contract BillingDetails). */
export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  businessName: string;
  country: string;
  city: string;
  address1: string;
  state: string;
  zipCode: string;
  vatNumber: string;
}

export interface DocumentLine {
  /** In the document's language (the order's or deposit's). */
  description: string;
  /** The same description in every language, so the document can be read in the other one (older documents have none). */
  descriptions?: Partial<Record<Locale, string>>;
  /** Gross minor units (VAT included); negative on a credit note. */
  amount: number;
}

/**
 * Everything a document shows, frozen when it is issued: later changes of prices, profile or configuration never
 * change an issued receipt, invoice or credit note.
 */
export interface DocumentData {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  locale: Locale;
  currency: Currency;
  seller: Seller;
  buyer: Buyer;
  lines: DocumentLine[];
  /** Minor units; on invoices and credit notes net + vat = total. A receipt has no VAT of its own (null). */
  total: number;
  net: number | null;
  vat: number | null;
  vatRateBasisPoints: number | null;
  /** The order number (invoice, credit note) or deposit id (receipt) it is about. */
  about: string;
  /** A credit note: the invoice it corrects. */
  correcting: string | null;
}

/** The same text in every language of the store: a document's line can be read in either. */
export function inEveryLanguage(text: (locale: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, text(locale)])) as Record<Locale, string>;
}

/**
 * The issued document as it reads in `locale`: the same number, date, parties and figures; only the words change.
 * A document is issued once, in the language of its order or deposit; this is that document in the other language.
 */
export function inLanguage(data: DocumentData, locale: Locale): DocumentData {
  if (locale === data.locale) return data;
  return { ...data, locale, lines: data.lines.map((line) => ({ ...line, description: line.descriptions?.[locale] ?? line.description })) };
}

/** Billing fields as stored with a deposit or an order (older rows have no VAT number). */
export function buyerFrom(billing: Partial<Buyer>): Buyer {
  return {
    firstName: billing.firstName ?? "",
    lastName: billing.lastName ?? "",
    email: billing.email ?? "",
    businessName: billing.businessName ?? "",
    country: billing.country ?? "",
    city: billing.city ?? "",
    address1: billing.address1 ?? "",
    state: billing.state ?? "",
    zipCode: billing.zipCode ?? "",
    vatNumber: billing.vatNumber ?? "",
  };
}
