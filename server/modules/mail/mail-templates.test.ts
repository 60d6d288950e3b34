import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../common/locales";
import { redact, REDACTED } from "./redact";
import { renderMail } from "./render-mail";
import { type MailBrand, mailContext } from "./templates/mail-template";
import { MAIL_TEMPLATES, type MailData, type MailTemplateName } from "./templates";

const brand: MailBrand = { name: "Scriptorium", publicUrl: "https://shop.example.test", address: ["Calle Mayor 1", "28013 Madrid"], contact: "help@shop.example.test" };
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const names = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];

// Every example of every template, in both languages: translate() throws on a missing key under test.
const cases = names.flatMap((name) =>
  LOCALES.flatMap((locale) => MAIL_TEMPLATES[name].examples.map((data, index) => ({ name, locale, index, data: data as MailData<MailTemplateName> }))),
);

describe("every mail, from its template, in both languages", () => {
  it.each(cases)("$name #$index in $locale: subject, HTML and text parts in the shared layout, no raw id or timestamp", async ({ name, locale, data }) => {
    const mail = await renderMail(name, data as never, locale, brand);
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain(`lang="${locale}"`);
    expect(mail.text.length).toBeGreaterThan(20);
    // The layout: the store's name, its address and contact from configuration, a link home in the reader's language.
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Calle Mayor 1");
      expect(part).toContain("help@shop.example.test");
      expect(part).toContain(locale === "es" ? "https://shop.example.test/es/" : "https://shop.example.test/");
    }
    for (const part of [mail.subject, mail.text]) {
      expect(part).not.toMatch(ISO_TIMESTAMP);
      expect(part).not.toMatch(UUID);
      expect(part).not.toMatch(/\{\{|undefined|NaN|\[object/);
    }
    // No word of the other language's layout leaks in.
    expect(mail.text).toContain(locale === "es" ? "Escribe a" : "Write to");
  });

  it.each(LOCALES)("names the order and links to its page (absolute, in the customer's language) in every order mail in %s", async (locale) => {
    const url = mailContext(locale, brand).page("/profile/orders/SC-000042");
    for (const name of ["orderPlaced", "orderUpdate"] as const) {
      for (const example of MAIL_TEMPLATES[name].examples) {
        const mail = await renderMail(name, { ...example, url } as never, locale, brand);
        expect(mail.subject).toContain("SC-000042");
        expect(mail.text).toContain("SC-000042");
        expect(mail.text).toContain(url);
        expect(mail.html).toContain(`href="${url}"`);
      }
    }
    expect(url).toBe(locale === "es" ? "https://shop.example.test/es/profile/orders/SC-000042" : "https://shop.example.test/profile/orders/SC-000042");
  });

  it("formats amounts and dates in the reader's language and says the time zone", async () => {
    const example = { firstName: "Ann", amount: 12_050, balance: 50_000, currency: "GBP" as const, paidAt: "2026-11-23T10:15:00.000Z" };
    const en = await renderMail("depositReceived", example, "en", brand);
    expect(en.subject).toBe("Your deposit of £120.50 has been added to your balance");
    // The pages' date style ("25 Nov 2026, 11:48"), in UTC and saying so.
    expect(en.text).toContain("23 Nov 2026, 10:15 UTC");
    expect(en.text).toMatch(/Balance now: £500\.00/);
    const es = await renderMail("depositReceived", example, "es", brand);
    expect(es.text).toContain("23 nov 2026, 10:15 UTC");
  });

  it.each(cases)("$name #$index in $locale: the mail is the main landmark under exactly one h1, its subject", async ({ name, locale, data }) => {
    const mail = await renderMail(name, data as never, locale, brand);
    expect(mail.html.match(/<main[\s>]/g)).toHaveLength(1);
    const headings = [...mail.html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)];
    expect(headings).toHaveLength(1);
    const main = mail.html.slice(mail.html.indexOf("<main"), mail.html.indexOf("</main>"));
    expect(main).toContain(headings[0]![0]);
    expect(headings[0]![1]!.replace(/<!--.*?-->/g, "")).toBe(escapeHtml(mail.subject));
  });

  it("quotes what the customer wrote, escaped in the HTML part", async () => {
    const mail = await renderMail("ticketReceived", { reference: "T-1A2B3C4D", message: "Is <b>bold</b> & fine?\nSecond line" }, "en", brand);
    expect(mail.text).toContain("Is <b>bold</b> & fine?");
    expect(mail.text).toContain("Second line");
    expect(mail.html).toContain("Is &lt;b&gt;bold&lt;/b&gt; &amp; fine?");
    expect(mail.html).not.toContain("<b>bold</b>");
  });

  it("shows a text-only mail's paragraphs in the layout, its addresses as links, without a second sign-off", async () => {
    const mail = await renderMail("plain", { subject: "Invitation", text: "Hello,\n\nJoin us: https://shop.example.test/admin/invite?t=abc.\n\nThe Scriptorium team" }, "en", brand);
    expect(mail.html).toContain('href="https://shop.example.test/admin/invite?t=abc"');
    expect(mail.text.match(/The Scriptorium team/g)).toHaveLength(1);
  });

  it("leaves no trace of a secret in either part once redacted, whatever HTML escaping did to it", async () => {
    const code = "12&34<56>'\"";
    const mail = await renderMail("resetCode", { firstName: "Ann", email: "ann@example.test", code, minutes: 10 }, "en", brand);
    expect(mail.html).not.toContain(code);
    for (const part of [mail.html, mail.text]) {
      const redacted = redact(part, [code]);
      expect(redacted).toContain(REDACTED);
      expect(redacted).not.toMatch(/12&(amp;)?34/);
    }
  });
});
