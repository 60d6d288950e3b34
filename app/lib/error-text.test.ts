import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../common/locales";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";
import { errorHeadline, summaryLine } from "./error-text";

const resources = await loadResources(["en", "es"]);

function ts(locale: Locale) {
  const i18n = createI18n(locale, resources);
  return {
    errors: i18n.getFixedT(locale, "errors") as TFunction<"errors">,
    forms: i18n.getFixedT(locale, "forms") as TFunction<"forms">,
    required: i18n.getFixedT(locale, "validation")("required"),
  };
}

describe("a failed form's headline (CONTRACT §7)", () => {
  it.each(["en", "es"] as const)("is the server's own message alone: no line under it blames the server (%s)", (locale) => {
    const t = ts(locale);
    const wrongPassword = errorHeadline({ errorKey: "serverSide", general: "The email or password is incorrect." }, t.errors, t.forms);
    expect(wrongPassword).toEqual({ headline: "The email or password is incorrect." });
    expect(JSON.stringify(wrongPassword)).not.toContain(t.errors("serverSide"));
  });

  it("names how many fields need fixing instead of \"Validation failed\"", () => {
    const en = ts("en");
    expect(errorHeadline({ errorKey: "validationFailed", general: null, fieldErrors: { a: ["x"], b: ["y"] } }, en.errors, en.forms)).toEqual({ headline: "2 fields need your attention" });
    const es = ts("es");
    expect(errorHeadline({ errorKey: "validationFailed", general: null, fieldErrors: { a: ["x"] } }, es.errors, es.forms)).toEqual({ headline: "1 campo necesita tu atención" });
  });

  it("is the catalogue message when nothing more specific is known", () => {
    const en = ts("en");
    expect(errorHeadline({ errorKey: "tooManyRequests", general: null }, en.errors, en.forms)).toEqual({ headline: "Too many requests." });
    expect(errorHeadline({ errorKey: null, general: null }, en.errors, en.forms)).toBeNull();
  });
});

describe("an error summary's line", () => {
  it("says where the field is, innermost place first, and a missing value as \"… is required\"", () => {
    const en = ts("en");
    const place = { label: "Topic *", groups: ["Launch Essentials Kit", "Brief for Web Copycraft"] };
    expect(summaryLine(place, en.required, en.forms, en.required)).toBe("Brief for Web Copycraft in Launch Essentials Kit: Topic is required");
    const es = ts("es");
    expect(summaryLine({ label: "Tema *", groups: ["Launch Essentials Kit", "Briefing de Web Copycraft"] }, es.required, es.forms, es.required)).toBe(
      "Briefing de Web Copycraft en Launch Essentials Kit: El campo «Tema» es obligatorio",
    );
  });

  it("never doubles punctuation after a label that ends a sentence", () => {
    const en = ts("en");
    const line = summaryLine({ label: "I agree to the terms of service and the privacy policy.", groups: ["Billing details"] }, "Please accept to continue.", en.forms, en.required);
    expect(line).toBe("Billing details: I agree to the terms of service and the privacy policy — Please accept to continue.");
    expect(line).not.toMatch(/[.:;]\s*[.:;]/);
  });

  it("keeps a message without a field as it is", () => {
    const en = ts("en");
    expect(summaryLine(null, "Your balance is short.", en.forms, en.required)).toBe("Your balance is short.");
    expect(summaryLine({ label: "Email:", groups: [] }, "Enter a valid email address.", en.forms, en.required)).toBe("Email — Enter a valid email address.");
  });
});
