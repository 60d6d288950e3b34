import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/locales";
import type { DocumentSummary } from "../../../contract/documents";
import type { BalanceTransaction } from "../../../contract/wallet";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";
import { TransactionsList } from "./transactions-list";

const resources = await loadResources(["en", "es"]);
const DEPOSIT = "3f1c2a9e-7b4d-4c61-9a0e-1d2b3c4d5e6f";
const ORDER_ID = "0b7f6a52-5d3c-4a8e-9d53-6d1f0f3e9a11";

const transactions: BalanceTransaction[] = [
  { id: "t3", kind: "refund", amount: 149, createdAt: "2026-11-20T10:00:00Z", reference: "SC-000042" },
  { id: "t2", kind: "order", amount: -149, createdAt: "2026-11-19T10:00:00Z", reference: "SC-000042" },
  { id: "t1", kind: "deposit", amount: 1500, createdAt: "2026-11-18T10:00:00Z", reference: DEPOSIT },
];
const documents: DocumentSummary[] = [
  { id: "d3", kind: "credit_note", number: "CN-2026-000007", issuedAt: "2026-11-20T10:00:00Z", sourceId: ORDER_ID, orderNumber: "SC-000042", currency: "EUR", total: -149 },
  { id: "d2", kind: "invoice", number: "INV-2026-000031", issuedAt: "2026-11-19T10:00:00Z", sourceId: ORDER_ID, orderNumber: "SC-000042", currency: "EUR", total: 149 },
  { id: "d1", kind: "receipt", number: "R-2026-000012", issuedAt: "2026-11-18T10:00:00Z", sourceId: DEPOSIT, orderNumber: null, currency: "EUR", total: 1500 },
];

function rendered(locale: Locale) {
  const html = renderToString(
    <MemoryRouter initialEntries={[locale === "es" ? "/es/profile/balance" : "/profile/balance"]}>
      <I18nextProvider i18n={createI18n(locale, resources)}>
        <TransactionsList transactions={transactions} documents={documents} currency="EUR" locale={locale} />
      </I18nextProvider>
    </MemoryRouter>,
  );
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  return { html, text };
}

describe("the balance history", () => {
  it("names the order of a payment or refund, links to its page and to its invoice or credit note", () => {
    const { html, text } = rendered("en");
    expect(text).toContain("Payment of order SC-000042");
    expect(text).toContain("Refund on order SC-000042");
    expect(html).toContain('href="/profile/orders/SC-000042"');
    expect(text).toContain("Invoice INV-2026-000031 (PDF)");
    expect(text).toContain("Credit note CN-2026-000007 (PDF)");
    expect(html).toContain(`data-file="/api/orders/${ORDER_ID}/invoice?lang=en"`);
    expect(html).toContain(`data-file="/api/orders/${ORDER_ID}/credit-note?lang=en"`);
  });

  it("names a deposit's receipt by its number, never by the deposit's id, and opens documents in Spanish on the Spanish site", () => {
    const { html, text } = rendered("es");
    expect(text).toContain("Recibo R-2026-000012 (PDF)");
    expect(text).not.toContain(DEPOSIT);
    expect(text).toContain("Pago del pedido SC-000042");
    expect(text).toContain("Reembolso del pedido SC-000042");
    expect(html).toContain('href="/es/profile/orders/SC-000042"');
    expect(html).toContain(`data-file="/api/balance/deposits/${DEPOSIT}/receipt?lang=es"`);
    expect(html).toContain(`data-file="/api/orders/${ORDER_ID}/credit-note?lang=es"`);
    expect(text).toContain("Factura rectificativa CN-2026-000007 (PDF)");
  });
});
