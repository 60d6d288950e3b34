import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { orderListEntrySchema } from "../../../contract/orders";
import { OrderCard } from "./order-card";
import { deliverable, orderDetail, visibleText } from "./order-fixtures";

// A list entry is the order detail's list part: the same fixture, parsed as what GET /api/orders answers.
const entry = orderListEntrySchema.parse(
  orderDetail([deliverable({ n: 1 }), deliverable({ n: 2, productId: "seo-layer" })], {
    status: "delivered",
    progress: { total: 4, delivered: 2, completed: 1, cancelled: 0 },
  }),
);
const card = (locale: "en" | "es") =>
  visibleText(
    <MemoryRouter>
      <OrderCard order={entry} locale={locale} productName={(id) => id} href="/profile/orders/SC-000042" />
    </MemoryRouter>,
    locale,
  );

describe("an order in the list", () => {
  it("shows how far it has come", () => {
    expect(card("en")).toContain("Order SC-000042 Delivered: please review 2 of 4 delivered Placed on");
    expect(card("es")).toContain("Pedido SC-000042 Entregado: revísalo 2 de 4 entregados Realizado el");
  });
});
