import { describe, expect, it } from "vitest";
import { OrderDocuments } from "./order-documents";
import { deliverable, markup, orderDetail, visibleText } from "./order-fixtures";

const documents = (order: Parameters<typeof OrderDocuments>[0]["order"], locale: "en" | "es" = "en") =>
  visibleText(<OrderDocuments order={order} locale={locale} />, locale);

describe("an order's documents", () => {
  it("offer the invoice, and no credit note while nothing went back", () => {
    const order = orderDetail([deliverable({ n: 1 }), deliverable({ n: 2 })], { status: "in_progress" });
    expect(documents(order)).toBe("Invoice (PDF)");
  });

  it("offer the credit note once one deliverable was refunded or credited, the others still going", () => {
    const refunded = orderDetail([deliverable({ n: 1, status: "cancelled", refunded: 149 }), deliverable({ n: 2 })], {
      status: "in_progress",
    });
    expect(documents(refunded)).toContain("Credit note (PDF)");
    const credited = orderDetail([deliverable({ n: 1, credited: 10 })], { status: "in_progress" });
    expect(documents(credited, "es")).toContain("Factura rectificativa (PDF)");
  });

  it("open the documents in the page's language: the Spanish site asks for the Spanish credit note", () => {
    const order = orderDetail([deliverable({ n: 1, status: "cancelled", refunded: 149 })], { status: "cancelled" });
    const es = markup(<OrderDocuments order={order} locale="es" />, "es");
    expect(es).toContain(`data-file="/api/orders/${order.id}/credit-note?lang=es"`);
    expect(es).toContain(`data-file="/api/orders/${order.id}/invoice?lang=es"`);
    expect(markup(<OrderDocuments order={order} locale="en" />, "en")).toContain(`data-file="/api/orders/${order.id}/invoice?lang=en"`);
  });

  it("offer it for a cancelled order in the list, which carries no deliverables", () => {
    const { deliverables: _deliverables, ...entry } = orderDetail([deliverable({ n: 1 })], { status: "cancelled" });
    expect(documents(entry)).toContain("Credit note (PDF)");
  });
});
