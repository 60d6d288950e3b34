import { describe, expect, it } from "vitest";
import type { OrderVersion } from "../../../contract/order-lifecycle";
import { DeliverableList } from "./deliverable-list";
import { deliverable, orderDetail, visibleText } from "./order-fixtures";

const version = (number: number, about: number | null, fileName: string): OrderVersion => ({
  number,
  createdAt: "2026-11-22T10:00:00Z",
  note: "",
  files: [{ id: `f${number}`, fileName, size: 10, contentType: "text/plain" }],
  deliverable: about,
});
const names: Record<number, string> = { 1: "Article Forge", 2: "SEO Layer" };
const list = (order: ReturnType<typeof orderDetail>) =>
  visibleText(
    <DeliverableList order={order} name={(n) => names[n] ?? String(n)} locale="en" onChange={() => {}} />,
    "en",
  );

describe("the order's services", () => {
  it("shows one card per deliverable, each with its own versions", () => {
    const own = version(2, 2, "seo.md");
    const order = orderDetail(
      [deliverable({ n: 1 }), deliverable({ n: 2, productId: "seo-layer", status: "delivered", versions: [own] })],
      { versions: [own] },
    );
    const text = list(order);
    expect(text).toMatch(
      /^Services in this order Article Forge In progress .* Nothing delivered yet\. SEO Layer Delivered: please review .* Version 1 · [^·]+ seo\.md$/,
    );
  });

  it("lists an older order's versions delivered as a whole once, under the cards", () => {
    const order = orderDetail([deliverable({ n: 1 }), deliverable({ n: 2, productId: "seo-layer" })], {
      versions: [version(1, null, "all.md")],
    });
    expect(list(order)).toMatch(/Delivered for the whole order Version 1 · [^·]+ all\.md$/);
  });
});
