import { describe, expect, it } from "vitest";
import { CURRENCIES } from "./currency-codes";
import { formatMoney, toMajor, toMinor } from "./money";

describe("money at the API edge", () => {
  it("reads major units with at most two decimals as integer minor units", () => {
    expect(toMinor(49.9)).toBe(4990);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(10000)).toBe(1_000_000);
    expect(toMinor(1.005)).toBeNull();
    expect(toMinor(Number.NaN)).toBeNull();
  });

  it("writes minor units back as major numbers", () => {
    expect(toMajor(4990)).toBe(49.9);
    expect(toMajor(1)).toBe(0.01);
  });
});

describe("money for people", () => {
  it("writes each language's convention: symbol first in English, after the amount in Spanish", () => {
    expect(formatMoney({ minor: 123450, currency: "EUR" }, "en")).toBe("€1,234.50");
    expect(formatMoney({ minor: 123450, currency: "EUR" }, "es")).toBe("1.234,50\u00a0€");
    expect(formatMoney({ minor: 14900, currency: "EUR" }, "es")).toBe("149,00\u00a0€");
    expect(formatMoney({ minor: 100000, currency: "EUR" }, "es")).toBe("1.000,00\u00a0€");
    expect(formatMoney({ minor: 14900, currency: "GBP" }, "en")).toBe("£149.00");
    expect(formatMoney({ minor: -500, currency: "USD" }, "es")).toBe("-5,00\u00a0$");
    expect(formatMoney({ minor: -500, currency: "USD" }, "en")).toBe("-$5.00");
  });

  it("writes what Intl.NumberFormat writes for en-GB and es-ES, for every currency, sign and size", () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 100_000_000_000];
    for (const [language, intlLocale] of [["en", "en-GB"], ["es", "es-ES"]] as const) {
      for (const currency of CURRENCIES) {
        const intl = new Intl.NumberFormat(intlLocale, { style: "currency", currency, currencyDisplay: "narrowSymbol", useGrouping: "always" });
        for (const minor of [...amounts, ...amounts.filter(Boolean).map((amount) => -amount)]) {
          expect(formatMoney({ minor, currency }, language), `${minor} ${currency} in ${language}`).toBe(intl.format(minor / 100));
        }
      }
    }
  });

  it("reads any form of the language's tag the same way", () => {
    expect(formatMoney({ minor: 4990, currency: "GBP" }, "es-ES")).toBe(formatMoney({ minor: 4990, currency: "GBP" }, "es"));
    expect(formatMoney({ minor: 4990, currency: "GBP" }, "es")).toBe("49,90\u00a0£");
  });
});
