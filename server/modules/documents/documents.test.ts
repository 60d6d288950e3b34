import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { fetchPdf, pdfText } from "../../test/pdf-text";
import { articleBrief, customer, orderBody, seoBrief, staffMember } from "../../test/orders-test-support";
import { splitGross } from "./vat";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ VAT_RATE: "21", SELLER_NAME: "Scriptorium Ltd", SELLER_ADDRESS: "Calle Uno 1|28001 Madrid", SELLER_VAT_NUMBER: "ESB12345674" }, { listen: true });
});
afterAll(() => store.close());

const YEAR = new Date().getUTCFullYear();
const ARTICLE_EUR = 14_900;
const SEO_EUR = 24_000;
const twoItems = [
  { productId: "article-forge" as const, brief: articleBrief },
  { productId: "seo-layer" as const, brief: seoBrief },
];

async function invoiceText(orderId: string, token: string): Promise<string> {
  const answer = await fetchPdf(`${store.url}/api/orders/${orderId}/invoice`, token);
  expect(answer.status).toBe(200);
  return pdfText(answer.bytes);
}

describe("invoices", () => {
  it("issues a numbered invoice with every line, the VAT the total includes and the seller, as a PDF for the owner", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", { ...orderBody(twoItems), vatNumber: "ESA28015865" }, { token: buyer.token });
    expect(placed.status).toBe(200);

    const answer = await fetchPdf(`${store.url}/api/orders/${placed.body.id}/invoice`, buyer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const [listed] = (await store.call("/api/documents", { token: buyer.token })).body;
    expect(listed).toMatchObject({ kind: "invoice", sourceId: placed.body.id, currency: "EUR", total: 389 });
    expect(listed.number).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${listed.number}.pdf"`);

    const text = pdfText(answer.bytes);
    const { net, vat } = splitGross(ARTICLE_EUR + SEO_EUR, 2100);
    expect(net + vat).toBe(38_900);
    for (const expected of [
      "Invoice",
      `Number: ${listed.number}`,
      `Order ${placed.body.number}`,
      "Scriptorium Ltd",
      "28001 Madrid",
      "VAT number: ESB12345674",
      "Analytical Engines SL",
      "VAT number: ESA28015865",
      "Article Forge",
      "€149.00",
      "SEO Layer",
      "€240.00",
      "Net amount",
      `€${(net / 100).toFixed(2)}`,
      "VAT 21 %",
      `€${(vat / 100).toFixed(2)}`,
      "Total",
      "€389.00",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("lays the invoice out in the language the order was placed in", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token, headers: { "accept-language": "es" } });
    const text = await invoiceText(placed.body.id, buyer.token);
    expect(text).toContain("Factura");
    expect(text).toContain(`Pedido ${placed.body.number}`);
    expect(text).toContain("IVA 21 %");
    expect(text).toContain("Base imponible");
    expect(text).toContain("149,00");
  });

  it("numbers the invoices of concurrent orders 1, 2, 3… without a gap, refused orders taking no number", async () => {
    const fresh = await startTestStore();
    try {
      const buyers = await Promise.all(Array.from({ length: 8 }, () => customer(fresh, { currency: "EUR", minor: 2 * ARTICLE_EUR + 100 })));
      const answers = await Promise.all(
        buyers.flatMap((buyer) => Array.from({ length: 3 }, () => fresh.post("/api/orders", orderBody(), { token: buyer.token }))),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(16);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(8);
      const invoices = await fresh.db.kysely.selectFrom("documents").select(["seq", "number", "source_id"]).where("kind", "=", "invoice").orderBy("seq").execute();
      expect(invoices.map((invoice) => invoice.seq)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
      expect(invoices.at(-1)!.number).toBe(`INV-${YEAR}-000016`);
      const placedIds = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.id).sort();
      expect(invoices.map((invoice) => invoice.source_id).sort()).toEqual(placedIds);
    } finally {
      await fresh.close();
    }
  });

  it("keeps every digit past invoice 999,999, in the list, the PDF and the confirmation mail", async () => {
    const fresh = await startTestStore({}, { listen: true });
    try {
      await fresh.db.kysely.insertInto("document_series").values({ series: `INV-${YEAR}`, last_number: 999_999 }).execute();
      const buyer = await customer(fresh, { currency: "EUR", minor: 100_000 });
      const placed = await fresh.post("/api/orders", orderBody(), { token: buyer.token });
      expect(placed.status).toBe(200);
      const [listed] = (await fresh.call("/api/documents", { token: buyer.token })).body;
      expect(listed).toMatchObject({ kind: "invoice", number: `INV-${YEAR}-1000000` });
      const pdf = await fetchPdf(`${fresh.url}/api/orders/${placed.body.id}/invoice`, buyer.token);
      expect(pdfText(pdf.bytes)).toContain(`Number: INV-${YEAR}-1000000`);
      const [mail] = await fresh.services.mail.list({ to: buyer.email });
      expect(mail!.subject).toContain(placed.body.number);
      expect(mail!.text).toContain(`Your invoice INV-${YEAR}-1000000 is attached as a PDF.`);
    } finally {
      await fresh.close();
    }
  });
});

describe("issued invoices", () => {
  it("stays as issued when prices, the profile and the remembered billing details change later", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    const before = await invoiceText(placed.body.id, buyer.token);

    await store.db.kysely.updateTable("product_prices").set({ amount: 99_900 }).where("product_id", "=", "article-forge").where("currency", "=", "EUR").execute();
    store.services.catalog.invalidate();
    const billing = { ...orderBody(), businessName: "Renamed Company SA", city: "Sevilla", vatNumber: "DE136695976" };
    const { orderFormData: _cart, currency: _currency, agreedToPP_TOS: _agreed, ...details } = billing;
    expect((await store.post("/api/accounts/billing", details, { token: buyer.token })).status).toBe(200);

    const after = await invoiceText(placed.body.id, buyer.token);
    expect(after).toBe(before);
    expect(after).toContain("€149.00");
    expect(after).toContain("Analytical Engines SL");
    expect(after).not.toContain("Renamed Company SA");
    await store.db.kysely.updateTable("product_prices").set({ amount: ARTICLE_EUR }).where("product_id", "=", "article-forge").where("currency", "=", "EUR").execute();
    store.services.catalog.invalidate();
  });

  it("answers 404 to anyone but the owner, and 401 without a token", async () => {
    const owner = await customer(store, { currency: "EUR", minor: 100_000 });
    const other = await customer(store);
    const placed = await store.post("/api/orders", orderBody(), { token: owner.token });
    expect((await fetchPdf(`${store.url}/api/orders/${placed.body.id}/invoice`, other.token)).status).toBe(404);
    expect((await fetchPdf(`${store.url}/api/orders/${placed.body.id}/credit-note`, owner.token)).status).toBe(404);
    expect((await fetchPdf(`${store.url}/api/orders/${placed.body.id}/invoice`)).status).toBe(401);
    expect((await store.call("/api/documents", { token: other.token })).body).toEqual([]);
  });

  it("attaches the invoice PDF to the order confirmation mail sent to the account's address", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    const [mail] = await store.services.mail.list({ to: buyer.email });
    const [invoice] = (await store.call("/api/documents", { token: buyer.token })).body;
    expect(mail!.subject).toContain(placed.body.number);
    expect(mail!.text).toContain(`Your invoice ${invoice.number} is attached as a PDF.`);
    expect(mail!.attachments).toEqual([{ fileName: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", size: expect.any(Number) }]);
    const [file] = await store.services.mail.attachmentsOf(mail!.id);
    expect(pdfText(file!.content)).toContain(`Number: ${invoice.number}`);
  });
});

type Listed = { kind: string; number: string; total: number; sourceId: string };
const documentsOf = async (token: string, orderId: string) =>
  ((await store.call("/api/documents", { token })).body as Listed[]).filter((document) => document.sourceId === orderId);

describe("credit notes", () => {
  it("issues a credit note per deliverable, each correcting the invoice, when a manager cancels an order and refunds all of it", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const manager = await staffMember(store, "manager");
    const placed = await store.post("/api/orders", orderBody(twoItems), { token: buyer.token });
    const cancelled = await store.post(`/api/admin/orders/${placed.body.id}/cancel`, { reason: "No writer is free this month." }, { token: manager.token });
    expect(cancelled.status).toBe(200);

    const documents = await documentsOf(buyer.token, placed.body.id);
    const invoice = documents.find((document) => document.kind === "invoice")!;
    // Two services, two deliverables: a credit note each (documents list newest first), together the whole total.
    const notes = documents.filter((document) => document.kind === "credit_note");
    expect(notes.map((document) => document.total)).toEqual([-240, -149]);
    const note = notes[0]!;
    expect(note.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));

    const answer = await fetchPdf(`${store.url}/api/orders/${placed.body.id}/credit-note`, buyer.token);
    expect(answer.status).toBe(200);
    const text = pdfText(answer.bytes);
    for (const expected of ["Credit note", `Number: ${note.number}`, `Corrects invoice ${invoice.number}`, `Order ${placed.body.number}, deliverable 2: SEO Layer`, "Total", "-€240.00"]) {
      expect(text).toContain(expected);
    }
    const [mail] = (await store.services.mail.list()).filter((mail) => mail.subject.includes(placed.body.number) && mail.attachments.length > 0 && mail.text.includes(note.number));
    expect(mail!.attachments).toEqual([{ fileName: `credit-note-${note.number}.pdf`, contentType: "application/pdf", size: expect.any(Number) }]);
  });

  it("issues a credit note for the refunded part only when a manager refunds part of the total", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const manager = await staffMember(store, "manager");
    const placed = await store.post("/api/orders", orderBody(twoItems), { token: buyer.token });
    await store.post(`/api/admin/orders/${placed.body.id}/start`, {}, { token: manager.token });
    const cancelled = await store.post(`/api/admin/orders/${placed.body.id}/cancel`, { reason: "Half of it was written.", refund: 100.5 }, { token: manager.token });
    expect(cancelled.status).toBe(200);

    const note = (await documentsOf(buyer.token, placed.body.id)).find((document) => document.kind === "credit_note")!;
    expect(note.total).toBe(-100.5);
    const text = pdfText((await fetchPdf(`${store.url}/api/orders/${placed.body.id}/credit-note`, buyer.token)).bytes);
    const { net, vat } = splitGross(-10_050, 2100);
    // The order-level refund goes to its deliverables in turn: all 100.50 fits in the first one's share.
    for (const expected of [`Order ${placed.body.number}, deliverable 1: Article Forge`, "-€100.50", `-€${(-net / 100).toFixed(2)}`, `-€${(-vat / 100).toFixed(2)}`]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("SEO Layer");
  });

  it("issues a credit note when the customer cancels before work starts, and none when nothing is refunded", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect((await store.post(`/api/orders/${placed.body.id}/cancel`, {}, { token: buyer.token })).status).toBe(200);
    expect((await documentsOf(buyer.token, placed.body.id)).map((document) => [document.kind, document.total]).sort()).toEqual([
      ["credit_note", -149],
      ["invoice", 149],
    ]);

    const manager = await staffMember(store, "manager");
    const kept = await store.post("/api/orders", orderBody(), { token: buyer.token });
    await store.post(`/api/admin/orders/${kept.body.id}/cancel`, { reason: "Cancelled at the customer's request, no refund.", refund: 0 }, { token: manager.token });
    expect((await documentsOf(buyer.token, kept.body.id)).map((document) => document.kind)).toEqual(["invoice"]);
    expect((await fetchPdf(`${store.url}/api/orders/${kept.body.id}/credit-note`, buyer.token)).status).toBe(404);
  });
});

describe("receipts", () => {
  it("issues a receipt when a deposit is credited, attaches it to the mail and lets only the owner download it", async () => {
    const ada = await customer(store);
    const other = await customer(store);
    const email = `receipt-billing-${ada.id.slice(0, 8)}@example.test`;
    const { orderFormData: _cart, currency: _currency, ...billing } = orderBody();
    const started = await store.post("/api/balance/deposit", { ...billing, email, depositAmount: 250.5, currency: "EUR" }, { token: ada.token });
    expect(started.status).toBe(200);
    const depositId = started.body.depositId;
    expect((await fetchPdf(`${store.url}/api/balance/deposits/${depositId}/receipt`, ada.token)).status).toBe(404);

    await store.post(`/api/payments/sandbox/${depositId}/complete`, { outcome: "paid" }, { token: ada.token });
    const answer = await fetchPdf(`${store.url}/api/balance/deposits/${depositId}/receipt`, ada.token);
    expect(answer.status).toBe(200);
    const text = pdfText(answer.bytes);
    expect(text).toContain("Receipt");
    expect(text).toMatch(new RegExp(`Number: R-${YEAR}-\\d{6}`));
    expect(text).toContain("Prepaid balance top-up");
    expect(text).toContain("€250.50");
    expect((await fetchPdf(`${store.url}/api/balance/deposits/${depositId}/receipt`, other.token)).status).toBe(404);

    // The receipt goes to the account's own address, never to the billing address typed with the deposit.
    expect(await store.services.mail.list({ to: email })).toEqual([]);
    const [mail] = await store.services.mail.list({ to: ada.email });
    expect(mail!.text).toMatch(new RegExp(`Your receipt R-${YEAR}-\\d{6} is attached as a PDF.`));
    expect(mail!.attachments[0]!.fileName).toMatch(new RegExp(`^receipt-R-${YEAR}-\\d{6}\\.pdf$`));
  });
});

describe("documents in the reader's language", () => {
  it("issues the invoice once in the order's language and reads it in the other one with the same number and figures", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(twoItems), { token: buyer.token, headers: { "accept-language": "es" } });
    const [invoice] = await documentsOf(buyer.token, placed.body.id);
    expect(invoice).toMatchObject({ kind: "invoice", orderNumber: placed.body.number });
    const path = `${store.url}/api/orders/${placed.body.id}/invoice`;
    const issued = pdfText((await fetchPdf(path, buyer.token)).bytes);
    expect(issued).toContain("Factura");
    const english = await fetchPdf(`${path}?lang=en`, buyer.token);
    expect(english.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoice!.number}.pdf"`);
    const text = pdfText(english.bytes);
    for (const expected of ["Invoice", `Number: ${invoice!.number}`, `Order ${placed.body.number}`, "Article Forge", "€149.00", "€240.00", "VAT 21 %", "€389.00"]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Factura");
    const spanish = pdfText((await fetchPdf(`${path}?lang=es`, buyer.token)).bytes);
    expect(spanish).toBe(issued);
    expect((await fetchPdf(`${path}?lang=fr`, buyer.token)).status).toBe(400);
  });

  it("reads an English credit note in Spanish: the Spanish site's link opens a Spanish document", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect((await store.post(`/api/orders/${placed.body.id}/cancel`, {}, { token: buyer.token })).status).toBe(200);
    const note = (await documentsOf(buyer.token, placed.body.id)).find((document) => document.kind === "credit_note")!;
    const answer = await fetchPdf(`${store.url}/api/orders/${placed.body.id}/credit-note?lang=es`, buyer.token);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="factura-rectificativa-${note.number}.pdf"`);
    const text = pdfText(answer.bytes);
    for (const expected of ["Factura rectificativa", `Número: ${note.number}`, `Pedido ${placed.body.number}, servicio 1: Article Forge`, "-149,00"]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Credit note");
  });

  it("prints the receipt's number and the balance it topped up, never the deposit's raw id, in either language", async () => {
    const ada = await customer(store);
    const { orderFormData: _cart, currency: _currency, ...billing } = orderBody();
    const started = await store.post("/api/balance/deposit", { ...billing, depositAmount: 50, currency: "EUR" }, { token: ada.token, headers: { "accept-language": "es" } });
    const depositId = started.body.depositId as string;
    await store.post(`/api/payments/sandbox/${depositId}/complete`, { outcome: "paid" }, { token: ada.token });
    const [receipt] = (await store.call("/api/documents", { token: ada.token })).body;
    expect(receipt).toMatchObject({ kind: "receipt", sourceId: depositId, orderNumber: null });
    const spanish = pdfText((await fetchPdf(`${store.url}/api/balance/deposits/${depositId}/receipt`, ada.token)).bytes);
    expect(spanish).toContain(`Número: ${receipt.number}`);
    expect(spanish).toContain("Recarga de tu saldo en EUR");
    expect(spanish).not.toContain(depositId);
    const english = pdfText((await fetchPdf(`${store.url}/api/balance/deposits/${depositId}/receipt?lang=en`, ada.token)).bytes);
    for (const expected of ["Receipt", `Number: ${receipt.number}`, "Top-up of your EUR balance", "Prepaid balance top-up", "€50.00"]) {
      expect(english).toContain(expected);
    }
    expect(english).not.toContain(depositId);
  });
});

describe("billing details", () => {
  it("are remembered from a deposit or an order and answered by the profile", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    expect((await store.call("/api/Accounts/profile", { token: buyer.token })).body.billing).toBeNull();
    await store.post("/api/orders", { ...orderBody(), vatNumber: "es a-2801 5865" }, { token: buyer.token });
    const profile = await store.call("/api/Accounts/profile", { token: buyer.token });
    expect(profile.body.billing).toEqual({
      firstName: "Ada", lastName: "Lovelace", email: "ada@example.test", businessName: "Analytical Engines SL", country: "ES",
      city: "Madrid", address1: "Calle Mayor 1", state: "Madrid", zipCode: "28013", vatNumber: "ESA28015865",
    });
  });

  it("stay as they were when the order is refused (the balance is short): written in the order's transaction, rolled back with it", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    await store.post("/api/orders", orderBody(), { token: buyer.token });
    const short = await customer(store, { currency: "EUR", minor: 100 });
    const refused = await store.post("/api/orders", { ...orderBody(), city: "Sevilla" }, { token: short.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[""]).toEqual([expect.stringContaining("balance")]);
    expect((await store.call("/api/Accounts/profile", { token: short.token })).body.billing).toBeNull();
    const again = await store.post("/api/orders", { ...orderBody(), city: "Sevilla", vatNumber: "FR1" }, { token: buyer.token });
    expect(again.status).toBe(400);
    expect((await store.call("/api/Accounts/profile", { token: buyer.token })).body.billing.city).toBe("Madrid");
  });

  it("refuse a VAT number that is not well formed for its EU country, in the caller's language, and keep the old details", async () => {
    const buyer = await customer(store);
    const { orderFormData: _cart, currency: _currency, agreedToPP_TOS: _agreed, ...details } = orderBody();
    const saved = await store.post("/api/accounts/billing", { ...details, vatNumber: "DE136695976" }, { token: buyer.token });
    expect(saved.status).toBe(200);
    expect(saved.body.billing.vatNumber).toBe("DE136695976");

    for (const wrong of ["ES123", "DE136695977", "US123456789"]) {
      const answer = await store.post("/api/accounts/billing", { ...details, vatNumber: wrong }, { token: buyer.token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.vatNumber).toEqual([expect.stringContaining("VAT number")]);
    }
    const spanish = await store.post("/api/accounts/billing", { ...details, vatNumber: "ES123" }, { token: buyer.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors.vatNumber).toEqual([expect.stringContaining("NIF-IVA")]);
    const order = await store.post("/api/orders", { ...orderBody(), vatNumber: "FR1" }, { token: buyer.token });
    expect(order.status).toBe(400);
    expect(Object.keys(order.body.errors)).toEqual(["vatNumber"]);
    expect((await store.call("/api/Accounts/profile", { token: buyer.token })).body.billing.vatNumber).toBe("DE136695976");
  });
});
