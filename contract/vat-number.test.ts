import { describe, expect, it } from "vitest";
import { vatNumberSchema } from "./vat-number";

describe("VAT number", () => {
  it("accepts a well-formed EU VAT number in any spacing and answers it as printed on invoices", () => {
    expect(vatNumberSchema.parse("es a-2801 5865")).toBe("ESA28015865");
    expect(vatNumberSchema.parse("DE 136.695.976")).toBe("DE136695976");
    expect(vatNumberSchema.parse("FR40303265045")).toBe("FR40303265045");
    expect(vatNumberSchema.parse("EL094259216")).toBe("EL094259216");
  });

  it("is optional: empty or absent is no VAT number", () => {
    expect(vatNumberSchema.parse("")).toBe("");
    expect(vatNumberSchema.parse(undefined)).toBe("");
  });

  it("refuses a wrong check digit, a number without its country prefix and a country outside the EU", () => {
    for (const wrong of ["DE136695977", "136695976", "GB980780684", "NO123456785MVA", "ES", "XX123"]) {
      const result = vatNumberSchema.safeParse(wrong);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("vatNumber");
    }
  });
});
