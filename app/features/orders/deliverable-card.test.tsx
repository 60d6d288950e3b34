import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/locales";
import type { Deliverable } from "../../../contract/order-lifecycle";
import { formatDateTime } from "~/lib/format-date";
import { DeliverableCard } from "./deliverable-card";
import { deliverable, markup, NOW, orderDetail, statusEvent, visibleText } from "./order-fixtures";

function card(one: Deliverable, locale: Locale = "en", others: Deliverable[] = []) {
  const order = orderDetail([one, ...others]);
  const node = (
    <DeliverableCard
      order={order}
      deliverable={one}
      service="Article Forge"
      locale={locale}
      now={NOW}
      onChange={() => {}}
    />
  );
  return { text: visibleText(node, locale), html: markup(node, locale) };
}

describe("a deliverable's card", () => {
  it("names the service, its price and the step it is on, with its due date", () => {
    const { text, html } = card(deliverable({ status: "in_progress", price: 120 }));
    expect(text).toContain("Article Forge In progress Price €120.00");
    expect(text).toContain("✓ Paid (done) ● In progress (current step) ○ Delivered (to come) ○ Completed (to come)");
    expect(text).toContain(`Due ${formatDateTime("2026-11-30T17:00:00Z", "en")}`);
    expect(html).toContain('aria-label="Progress of Article Forge"');
    expect(html).toMatch(/<li aria-current="step"[^>]*>.*In progress/);
    expect(text).toContain("Nothing delivered yet.");
  });

  it("gives a bundle's share of the price and the bundle it came in", () => {
    const { text } = card(deliverable({ bundleId: "launch-essentials-kit", price: 86.67 }), "es");
    expect(text).toContain("Parte de Launch Essentials Kit · Su parte del precio del pack: 86,67 €");
  });

  it("says it is paused on a question, and late when the due date passed", () => {
    const { text } = card(
      deliverable({ status: "needs_info", late: true, events: [statusEvent(1, "in_progress", "needs_info")] }),
    );
    expect(text).toContain("Question for you Late");
    expect(text).toContain("Paused: we asked you a question");
    expect(text).toContain(`Late: it was due ${formatDateTime("2026-11-30T17:00:00Z", "en")}.`);
  });

  it("gives the revision round and its due date", () => {
    const revising = deliverable({ status: "revision_requested", revisionsUsed: 1, dueAt: "2026-12-02T17:00:00Z" });
    expect(card(revising).text).toContain(`Revision 1 of 2: due ${formatDateTime("2026-12-02T17:00:00Z", "en")}`);
    expect(card(revising, "es").text).toContain(
      `Revisión 1 de 2: entrega prevista el ${formatDateTime("2026-12-02T17:00:00Z", "es")}`,
    );
  });

  it("says a cancelled one is cancelled with what came back", () => {
    expect(card(deliverable({ status: "cancelled", refunded: 120 })).text).toContain(
      "Cancelled: €120.00 refunded to your balance",
    );
    expect(card(deliverable({ status: "cancelled", refunded: 120 }), "es").text).toContain(
      "Cancelado: se han devuelto 120,00 € a tu saldo",
    );
    expect(card(deliverable({ status: "cancelled" })).text).not.toContain("refunded to");
  });

  it("counts down its review window, lists its own versions and offers its own accept and revision", () => {
    const delivered = deliverable({
      status: "delivered",
      reviewEndsAt: "2026-11-28T12:00:00Z",
      revisionsUsed: 1,
      actions: ["accept", "request_revision"],
      versions: [
        {
          number: 3,
          createdAt: "2026-11-22T10:00:00Z",
          note: "",
          files: [{ id: "f1", fileName: "draft.docx", size: 10, contentType: "application/octet-stream" }],
          deliverable: 1,
        },
        {
          number: 5,
          createdAt: "2026-11-24T10:00:00Z",
          note: "Shorter intro",
          files: [{ id: "f2", fileName: "final.docx", size: 10, contentType: "application/octet-stream" }],
          deliverable: 1,
        },
      ],
    });
    const { text, html } = card(delivered, "en", [deliverable({ n: 2, productId: "seo-layer" })]);
    expect(text).toContain(
      `3 days left to review it. If you do nothing, it completes on its own on ${formatDateTime("2026-11-28T12:00:00Z", "en")}.`,
    );
    expect(text.indexOf("Version 2")).toBeLessThan(text.indexOf("Version 1"));
    expect(text).toContain("Shorter intro final.docx");
    expect(html).toContain('aria-label="Download result draft.docx"');
    expect(text).toContain("Accept Article Forge");
    expect(text).toContain("What should change in Article Forge? 1 revision round left; it comes back within 2 business days Request a revision");
    expect(text).not.toContain("Cancel Article Forge");
  });

  it("offers cancelling only where its actions allow it, saying why when it is late", () => {
    expect(card(deliverable({ status: "paid", actions: ["cancel"] })).text).toContain("Cancel Article Forge");
    const late = card(deliverable({ status: "in_progress", late: true, actions: ["cancel_late"] }), "es").text;
    expect(late).toContain(
      "Ha pasado su fecha de entrega y aún no se ha entregado: puedes cancelarlo y recuperar su parte del importe. Cancelar Article Forge",
    );
  });

  it("says all rounds are used when a delivery may only be accepted", () => {
    const { text } = card(deliverable({ status: "delivered", revisionsUsed: 2, actions: ["accept"] }));
    expect(text).toContain("All revision rounds are used.");
    expect(text).not.toContain("Request a revision");
  });
});

describe("a deliverable's revision promise", () => {
  it("says how long a revision takes as the catalog had it when the order was placed, in both languages", () => {
    const delivered = deliverable({ status: "delivered", reviewEndsAt: "2026-11-28T12:00:00Z", revisionDays: 4, actions: ["accept", "request_revision"] });
    expect(card(delivered).text).toContain("2 revision rounds left; each comes back within 4 business days");
    expect(card(delivered, "es").text).toContain("Te quedan 2 rondas de revisión; cada versión corregida llega en 4 días laborables");
    expect(card({ ...delivered, revisionDays: 1, revisionsUsed: 1 }, "es").text).toContain("Te queda 1 ronda de revisión; la versión corregida llega en 1 día laborable");
  });
});
