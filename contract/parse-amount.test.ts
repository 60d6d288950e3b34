import { describe, expect, it } from "vitest";
import { parseAmount } from "./parse-amount";

const minor = (text: string, locale: string) => {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.minor : parsed.problem;
};

describe("amounts typed in the page's language", () => {
  it.each([
    ["1.000,50", 100050],
    ["1.000", 100000],
    ["1,5", 150],
    ["1,50", 150],
    ["1000,5", 100050],
    ["1000", 100000],
    ["10.000", 1000000],
    ["1.234.567,89", 123456789],
    ["0,01", 1],
    [",5", 50],
    ["  25 ", 2500],
    ["49,90 €", 4990],
    ["€49,90", 4990],
    ["1 000,50", 100050],
    ["1\u00a0000,50", 100050],
  ])("reads %j in Spanish as %i minor units", (text, expected) => {
    expect(minor(text, "es")).toBe(expected);
  });

  it.each([
    ["1,000.50", 100050],
    ["1,000", 100000],
    ["1.5", 150],
    ["1000.5", 100050],
    ["1000", 100000],
    ["1,234,567.89", 123456789],
    ["$1,000.50", 100050],
    ["£49.90", 4990],
    ["50 EUR", 5000],
    [".25", 25],
  ])("reads %j in English as %i minor units", (text, expected) => {
    expect(minor(text, "en")).toBe(expected);
  });

  it.each([
    ["1,505", "es"],
    ["1.000,505", "es"],
    ["0,001", "es"],
    ["1.505", "en"],
    ["1,000.505", "en"],
  ])("refuses more than two decimals in %j (%s)", (text, locale) => {
    expect(minor(text, locale)).toBe("twoDecimals");
  });

  it.each([
    ["1.5", "es"],
    ["1000.50", "es"],
    ["1.00.000", "es"],
    ["1,000.50", "es"],
    ["1,5", "en"],
    ["1.000,50", "en"],
    ["10,00,000", "en"],
    ["abc", "en"],
    ["12abc", "es"],
    ["-5", "es"],
    ["+5", "en"],
    ["1e3", "en"],
    ["5,", "es"],
    ["5.", "en"],
    [",", "es"],
    ["€", "es"],
    ["0x10", "en"],
    ["١٢٣", "en"],
    ["99999999999999999999", "en"],
  ])("refuses %j in %s as not an amount", (text, locale) => {
    expect(minor(text, locale)).toBe("format");
  });

  it("asks for an amount when nothing was typed", () => {
    expect(minor("", "es")).toBe("required");
    expect(minor("   ", "en")).toBe("required");
  });
});
