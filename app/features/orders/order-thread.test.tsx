import { describe, expect, it } from "vitest";
import { deliverable, markup, orderDetail, visibleText } from "./order-fixtures";
import { OrderThread } from "./order-thread";

const names: Record<number, string> = { 1: "Article Forge", 2: "SEO Layer" };
const message = (id: string, about: number | null) => ({
  id,
  author: "staff" as const,
  authorName: null,
  internal: false,
  body: `Message ${id}`,
  createdAt: "2026-11-21T10:00:00Z",
  attachments: [],
  deliverable: about,
});

const twoServices = orderDetail(
  [deliverable({ n: 1 }), deliverable({ n: 2, productId: "seo-layer", status: "needs_info" })],
  {
    messages: [message("a", 2), message("b", null)],
    actions: ["answer"],
  },
);
const thread = (order = twoServices, locale: "en" | "es" = "en") => {
  const node = (
    <OrderThread order={order} deliverableName={(n) => names[n] ?? String(n)} locale={locale} onChange={() => {}} />
  );
  return { text: visibleText(node, locale), html: markup(node, locale) };
};

describe("the order's thread", () => {
  it("says which service a message is about", () => {
    const { text } = thread();
    expect(text).toMatch(/Scriptorium · [^·]+ · About SEO Layer Message a/);
    expect(text).toMatch(/Scriptorium · [^·]+ Message b/);
    expect(thread(twoServices, "es").text).toContain("Sobre SEO Layer Message a");
  });

  it("lets the customer pick the service a message is about, the one with a question first", () => {
    const { text, html } = thread();
    expect(text).toContain("Which service is it about? (optional) The whole order Article Forge SEO Layer");
    expect(html).toMatch(/<option value="2" selected="">SEO Layer<\/option>/);
    expect(thread(twoServices, "es").text).toContain("¿Sobre qué servicio? (opcional) Todo el pedido");
  });

  it("asks nothing when the order holds one service", () => {
    const one = orderDetail([deliverable()]);
    expect(thread(one).text).not.toContain("Which service");
  });
});
