import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../contract/audit";
import type { Locale } from "../../../common/locales";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";
import { auditLine } from "./audit-line";

const resources = await loadResources(["en", "es"]);

const entry = (action: string, subjectType: string, change: { before?: unknown; after?: unknown }, more: Partial<AuditEntry> = {}): AuditEntry => ({
  id: "e1",
  at: "2026-11-25T10:00:00.000Z",
  actorId: "m1",
  actorEmail: "mona@staff.example",
  actorName: "Mona Manager",
  actorRole: "manager",
  ip: "",
  action,
  subjectType,
  subjectId: "0b8e7c1e-0000-4000-8000-000000000014",
  subjectLabel: "SC-000014",
  names: {},
  before: change.before ?? null,
  after: change.after ?? null,
  note: "",
  ...more,
});

const line = (value: AuditEntry, locale: Locale) => {
  const i18n = createI18n(locale, resources);
  return auditLine(value, i18n.getFixedT(locale, "admin"), locale, (id) => (id === "article-forge" ? "Article Forge" : id));
};

describe("an audit entry as a sentence (issue 26, point 8)", () => {
  const refund = entry("order.cancel", "order", { before: { status: "in_progress" }, after: { status: "cancelled", refund: 26_500, currency: "EUR", deliverable: 1 } });

  it("names the order by number and the refund with its currency, in English and Spanish", () => {
    expect(line(refund, "en")).toBe("Refunded €265.00 on SC-000014 and cancelled it");
    expect(line(refund, "es")).toBe("Reembolsados 265,00\u00a0€ en SC-000014 y cancelado");
  });

  it("reads credits, assignments, exports, balance adjustments, role changes and products", () => {
    expect(line(entry("order.credit", "order", { after: { credit: 1_250, currency: "USD" } }), "en")).toBe("Credited $12.50 on SC-000014");
    const assigned = entry("order.assign", "order", { after: { assignedTo: "w1" } }, { names: { w1: "Wanda Writer" } });
    expect(line(assigned, "en")).toBe("Assigned SC-000014 to Wanda Writer");
    expect(line(assigned, "es")).toBe("Asignó SC-000014 a Wanda Writer");
    expect(line(entry("order.export", "order-export", { after: { rows: 12 } }, { subjectLabel: null }), "en")).toBe("Exported 12 orders as CSV");
    const adjusted = entry("customer.adjust", "customer", { after: { amount: -500, currency: "GBP" } }, { subjectLabel: "Clara Cliente" });
    expect(line(adjusted, "en")).toBe("Adjusted the balance of Clara Cliente by -£5.00");
    const role = entry("staff.change_role", "staff", { before: { role: "writer" }, after: { role: "admin" } }, { subjectLabel: "Sam Writer" });
    expect(line(role, "en")).toBe("Changed the role of Sam Writer from Writer to Admin");
    expect(line(role, "es")).toBe("Cambió el rol de Sam Writer de Redactor a Administrador");
    expect(line(entry("price.change", "product", {}, { subjectId: "article-forge", subjectLabel: "article-forge" }), "en")).toBe("Changed the prices of Article Forge");
  });

  it("falls back to the action and the subject for an action without a sentence of its own", () => {
    expect(line(entry("order.archive", "order", {}), "en")).toBe("order.archive on SC-000014");
    expect(line(entry("order.start", "order", {}, { subjectLabel: null }), "es")).toBe("Empezó el trabajo de (desconocido)");
  });

  it("names a saved or deleted view of the queue (issue 26, point 6), in English and Spanish", () => {
    const saved = entry("staff.save_view", "staff", { after: { name: "Late and unassigned", query: "late=true&writer=none" } }, { subjectLabel: "Mona Manager" });
    const deleted = entry("staff.delete_view", "staff", { before: { name: "Late and unassigned", query: "late=true" } }, { subjectLabel: "Mona Manager" });
    expect(line(saved, "en")).toBe("Saved the queue view “Late and unassigned”");
    expect(line(deleted, "es")).toBe("Borró la vista de la cola «Late and unassigned»");
  });
});

describe("help desk entries as sentences (issue 26, point 10)", () => {
  it("names the tag added or removed on a ticket by its number, and a saved reply by its title, in both languages", () => {
    const tagged = entry("ticket.tag", "support_ticket", { before: { tags: ["vip"] }, after: { tags: ["billing", "vip"] } }, { subjectLabel: "T-5A8E837D" });
    expect(line(tagged, "en")).toBe("Tagged ticket T-5A8E837D “billing”");
    expect(line(tagged, "es")).toBe("Etiquetó el ticket T-5A8E837D con «billing»");
    const untagged = entry("ticket.untag", "support_ticket", { before: { tags: ["billing", "vip"] }, after: { tags: ["vip"] } }, { subjectLabel: "T-5A8E837D" });
    expect(line(untagged, "en")).toBe("Removed the tag “billing” from ticket T-5A8E837D");
    const title = { en: "Invoice copy", es: "Copia de la factura" };
    const removed = entry("savedReply.delete", "support_saved_reply", { before: { title, bodyChars: { en: 10, es: 12 } } }, { subjectLabel: null });
    expect(line(removed, "en")).toBe("Deleted the saved reply “Invoice copy”");
    expect(line(removed, "es")).toBe("Eliminó la respuesta guardada «Copia de la factura»");
  });
});
