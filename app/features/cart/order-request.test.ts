import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { checkOrder, orderRequest, unplacedErrors } from "./order-request";

const t = ((key: string) => key) as unknown as TFunction<"validation">;
const billing = {
  firstName: "Ana",
  lastName: "García",
  email: "ana@example.com",
  businessName: "",
  country: "ES",
  city: "Valencia",
  address1: "Calle de la Paz 7",
  state: "",
  zipCode: "46003",
  agreedToPP_TOS: true,
};
const items = [
  { id: "line-1", productId: "article-forge" as const },
  { id: "line-2", productId: "growth-and-visibility-pack" as const },
];

describe("the order the cart sends", () => {
  it("turns typed drafts into briefs: tags as lists, empty answers left out, a bundle keyed by service", () => {
    const request = orderRequest(
      items,
      {
        "line-1": { topic: "How to price a cake", audience: "", keywords: " cakes, , prices " },
        "line-2": { "seo-layer": { website: "https://bakery.example.com", keywords: "bread" } },
      },
      billing,
      "EUR",
    );
    expect(request.currency).toBe("EUR");
    expect(request.orderFormData[0]).toEqual({
      productId: "article-forge",
      brief: { topic: "How to price a cake", keywords: ["cakes", "prices"] },
    });
    expect(request.orderFormData[1].brief).toEqual({
      "seo-layer": { website: "https://bakery.example.com", keywords: ["bread"], competitors: [] },
      "article-forge": { keywords: [] },
    });
  });

  it("names client-side errors exactly as the server does, down to a bundled service's field", () => {
    const request = orderRequest(items, { "line-1": { topic: "Cake prices", audience: "Bakers", tone: "friendly", length: "800" } }, { ...billing, city: "", agreedToPP_TOS: false }, "EUR");
    const errors = checkOrder(request, t);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(["city", "agreedToPP_TOS", "orderFormData[1].brief.seo-layer.website", "orderFormData[1].brief.article-forge.topic"]),
    );
    expect(Object.keys(errors).some((key) => key.startsWith("orderFormData[0]"))).toBe(false);
    expect(errors.city).toEqual(["required"]);
    expect(errors.agreedToPP_TOS).toEqual(["mustAccept"]);
    // A choice not made and a required tag list left empty read "required", as on the server.
    expect(errors["orderFormData[1].brief.article-forge.tone"]).toEqual(["required"]);
    expect(errors["orderFormData[1].brief.seo-layer.keywords"]).toEqual(["required"]);
  });

  it("lists only the server errors no field on the page can show", () => {
    const errors = {
      "orderFormData[0].brief.topic": ["Topic is too short."],
      "orderFormData[1].productId": ["No such product."],
      "orderFormData[1].brief.seo-layer.website": ["Not a web address."],
      "orderFormData[1].brief.seo-layer.colour": ["Unknown field."],
    };
    expect(unplacedErrors(errors, items)).toEqual(["No such product.", "Unknown field."]);
  });
});
