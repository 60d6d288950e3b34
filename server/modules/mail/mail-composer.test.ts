import { describe, expect, it } from "vitest";
import { createMailComposer } from "./mail-composer";
import { DEFAULT_BRAND } from "./templates/mail-template";

const pdf = Buffer.from("%PDF-1.4 invoice");
const composer = createMailComposer(DEFAULT_BRAND, {
  document: async (id, locale) =>
    id === "gone" ? null : { fileName: `invoice-${id}.pdf`, contentType: "application/pdf", content: pdf, note: `${locale}: invoice ${id} attached` },
});
const attach = [{ source: "document", id: "INV-1" }];
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("a mail's attachments by reference, rendered with it", () => {
  it("attaches each file and writes its line under the text, in the mail's language, for a template and a text mail", async () => {
    const templated = await composer.compose({ to: "ada@example.test", locale: "es", template: "plain", data: { subject: "Pedido", text: "Gracias." }, attach });
    expect(templated.attachments).toEqual([{ fileName: "invoice-INV-1.pdf", contentType: "application/pdf", content: pdf }]);
    expect(occurrences(templated.text, "es: invoice INV-1 attached")).toBe(1);
    expect(occurrences(templated.html ?? "", "es: invoice INV-1 attached")).toBe(1);
    const text = await composer.compose({ to: "ada@example.test", subject: "Order", text: "Thank you.", attach });
    expect(text.text).toBe("Thank you.\n\nen: invoice INV-1 attached");
  });

  it("writes the line once for a mail stored with it already (before the lines were written at render time)", async () => {
    const templated = await composer.compose({
      to: "ada@example.test", locale: "en", template: "plain", data: { subject: "Order", text: "Thank you." }, notes: ["en: invoice INV-1 attached"], attach,
    });
    expect(occurrences(templated.text, "en: invoice INV-1 attached")).toBe(1);
    const text = await composer.compose({ to: "ada@example.test", subject: "Order", text: "Thank you.\n\nen: invoice INV-1 attached", attach });
    expect(text.text).toBe("Thank you.\n\nen: invoice INV-1 attached");
  });

  it("leaves out a file that no longer exists, and its line", async () => {
    const text = await composer.compose({ to: "ada@example.test", subject: "Order", text: "Thank you.", attach: [{ source: "document", id: "gone" }] });
    expect(text.attachments).toEqual([]);
    expect(text.text).toBe("Thank you.");
  });
});
