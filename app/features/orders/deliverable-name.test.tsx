import { describe, expect, it } from "vitest";
import type { Deliverable } from "../../../contract/order-lifecycle";
import { useDeliverableName } from "~/lib/deliverable-name";
import { deliverable, visibleText } from "./order-fixtures";

function Names({ deliverables }: { deliverables: Deliverable[] }) {
  const name = useDeliverableName(deliverables);
  return <p>{deliverables.map(({ n }) => name(n)).join(" | ")}</p>;
}

describe("a deliverable's name", () => {
  it("is its service's catalog name, numbered only when the order holds that service twice", () => {
    const deliverables = [deliverable({ n: 1 }), deliverable({ n: 2, productId: "seo-layer" }), deliverable({ n: 3 })];
    expect(visibleText(<Names deliverables={deliverables} />, "en")).toBe(
      "Article Forge #1 | SEO Layer | Article Forge #3",
    );
    expect(visibleText(<Names deliverables={deliverables} />, "es")).toBe(
      "Article Forge n.º 1 | SEO Layer | Article Forge n.º 3",
    );
  });
});
