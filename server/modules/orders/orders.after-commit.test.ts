import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody } from "../../test/orders-test-support";

/**
 * Issues 23 and 27: placing an order records the invoice and the confirmation mail as facts; the mail (React Email)
 * and the invoice PDF (pdfkit) are rendered after the commit, so a slow render never holds SQLite's write lock.
 * The two renderers are wrapped: they count their calls and can be held at a gate the test opens.
 */
const renders = vi.hoisted(() => ({ mail: 0, pdf: 0, gate: null as Promise<void> | null, entered: null as (() => void) | null }));

vi.mock("../mail/render-mail", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../mail/render-mail")>();
  const renderMail: typeof actual.renderMail = async (...args) => {
    renders.mail += 1;
    renders.entered?.();
    if (renders.gate) await renders.gate;
    return actual.renderMail(...args);
  };
  return { ...actual, renderMail };
});

vi.mock("../documents/document-pdf", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../documents/document-pdf")>();
  const renderDocumentPdf: typeof actual.renderDocumentPdf = async (...args) => {
    renders.pdf += 1;
    return actual.renderDocumentPdf(...args);
  };
  return { ...actual, renderDocumentPdf };
});

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({}, { listen: true });
});
afterAll(() => store.close());

const ARTICLE_EUR = 14_900;

const storedMail = (to: string) =>
  store.db.kysely.selectFrom("mail_messages").select(["subject", "html_body", "attachments_json", "pending_json"]).where("to_address", "=", to).execute();

describe("placing an order renders nothing inside its transaction", () => {
  it("stores the confirmation as facts, renders mail and invoice PDF after the commit, and another order commits meanwhile", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 2 * ARTICLE_EUR });
    const mailBefore = renders.mail;
    const pdfBefore = renders.pdf;

    const first = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect(first.status).toBe(200);
    // Committed: the mail exists with its subject, but neither the mail nor the PDF was rendered.
    expect(renders.mail - mailBefore).toBe(0);
    expect(renders.pdf - pdfBefore).toBe(0);
    const [stored] = await storedMail(buyer.email);
    expect(stored).toMatchObject({ html_body: null, attachments_json: null, pending_json: expect.any(String) });
    expect(stored!.subject).toContain(first.body.number);

    // The job renders it; hold that render half-way and place a second order meanwhile.
    let release!: () => void;
    renders.gate = new Promise<void>((resolve) => (release = resolve));
    const entered = new Promise<void>((resolve) => (renders.entered = resolve));
    const rendering = store.services.jobs.runDue();
    await entered;
    const second = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect(second.status).toBe(200);
    renders.entered = null;
    renders.gate = null;
    release();
    await rendering;

    // What the customer gets: both confirmations, rendered, each with its invoice; the attached PDF is the download.
    const mailbox = await store.call<Array<{ id: string; subject: string; text: string; attachments: Array<{ fileName: string }> }>>(
      `/dev/mailbox.json?to=${encodeURIComponent(buyer.email)}`,
    );
    const documents = (await store.call<Array<{ number: string; sourceId: string }>>("/api/documents", { token: buyer.token })).body;
    for (const order of [first.body, second.body]) {
      const invoice = documents.find((document) => document.sourceId === order.id)!;
      const mail = mailbox.body.find((candidate) => candidate.subject.includes(order.number))!;
      expect(mail.text).toContain(`Your invoice ${invoice.number} is attached as a PDF.`);
      expect(mail.attachments.map((file) => file.fileName)).toEqual([`invoice-${invoice.number}.pdf`]);
      const [attached] = await store.services.mail.attachmentsOf(mail.id);
      const download = await fetch(`${store.url}/api/orders/${order.id}/invoice`, { headers: { authorization: `Bearer ${buyer.token}` } });
      expect(Buffer.from(await download.arrayBuffer()).equals(attached!.content)).toBe(true);
    }
    expect((await storedMail(buyer.email)).every((row) => row.pending_json === null && row.html_body !== null)).toBe(true);
  });

  it("a cancel with its refund stores the credit note's mail as facts; the PDF is rendered after the commit", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    await store.services.mail.list({ to: buyer.email }); // the confirmation, rendered on this first read
    const mailBefore = renders.mail;
    const pdfBefore = renders.pdf;

    expect((await store.post(`/api/orders/${placed.body.id}/cancel`, undefined, { token: buyer.token })).status).toBe(200);
    expect(renders.mail - mailBefore).toBe(0);
    expect(renders.pdf - pdfBefore).toBe(0);
    const pending = (await storedMail(buyer.email)).filter((row) => row.pending_json !== null);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ html_body: null, attachments_json: null });

    expect(await store.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [note] = (await store.call<Array<{ kind: string; number: string }>>("/api/documents", { token: buyer.token })).body.filter((d) => d.kind === "credit_note");
    const mail = (await store.services.mail.list({ to: buyer.email })).find((candidate) => candidate.attachments.some((file) => file.fileName.includes(note!.number)))!;
    expect(mail.text).toContain(note!.number);
    expect(renders.pdf - pdfBefore).toBe(1);
  });
});
