import { describe, expect, it } from "vitest";
import { INFO_PAGES } from "../index";
import { fillPromises, promiseValues } from "../promises";
import { balancePolicyText } from "./balance-withdrawal";

describe("the balance policy (issue 25)", () => {
  it("is one text in each language, filled with its setting, and the terms state it instead of a copy of their own", () => {
    expect(balancePolicyText("en", { refundDays: 14 })).toContain("usually reaches you within 14 days");
    expect(balancePolicyText("es", { refundDays: 14 })).toContain("en un plazo de 14 días");
    for (const locale of ["en", "es"] as const) {
      const terms = fillPromises(INFO_PAGES["terms-of-service"].sections[locale], { ...promiseValues({ terms: {}, reviewDays: 5 }, locale, undefined, { refundDays: 7 }), revisionList: "" });
      const text = terms.flatMap((section) => section.paragraphs).join("\n");
      expect(text).toContain(balancePolicyText(locale, { refundDays: 7 }));
      expect(text).not.toMatch(/through the contact page\. We return it|desde la página de contacto\. Te lo reintegramos/);
    }
  });
});
