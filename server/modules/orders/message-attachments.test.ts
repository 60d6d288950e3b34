import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let writer: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({}, { clock: manualClock("2026-01-05T09:00:00.000Z") });
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const ALLOWED = "pdf, docx, xlsx, pptx, odt, txt, md, csv, png, jpg, jpeg, zip";
const file = (fileName: string, text = "<script>alert(1)</script>") => ({ fileName, contentBase64: Buffer.from(text).toString("base64") });

async function startedOrder() {
  const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
  const { body } = await store.post("/api/orders", orderBody(), { token: buyer.token });
  await store.post(`/api/admin/orders/${body.id}/start`, undefined, { token: writer.token });
  return { buyer, id: body.id as string };
}
const messageFiles = (orderId: string) => fs.readdirSync(path.join(store.config.DATA_DIR, "files", "messages", orderId), { recursive: true }).filter((name) => !String(name).endsWith(".part"));
const storedFor = (orderId: string) => (fs.existsSync(path.join(store.config.DATA_DIR, "files", "messages", orderId)) ? messageFiles(orderId) : []);

describe("message attachments", () => {
  it("refuses markup, programs and unknown types from a customer, naming the file and the list; nothing is kept", async () => {
    const { buyer, id } = await startedOrder();
    for (const [sent, named] of [["page.html", "page.html"], ["logo.svg", "logo.svg"], ["setup.exe", "setup.exe"], ["../../x.exe", "x.exe"], ["README", "README"]]) {
      const refused = await store.post(`/api/orders/${id}/messages`, { body: "See attached", attachments: [file("fine.pdf", "%PDF-1.4"), file(sent!)] }, { token: buyer.token });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ attachments: [`${named} cannot be attached: this file type is not allowed. Allowed: ${ALLOWED}.`] });
    }
    const spanish = await store.post(`/api/orders/${id}/messages`, { body: "Adjunto", attachments: [file("x.html")] }, { token: buyer.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors.attachments).toEqual([`No se puede adjuntar x.html: este tipo de archivo no está permitido. Permitidos: ${ALLOWED}.`]);
    expect((await store.call(`/api/orders/${id}`, { token: buyer.token })).body.messages).toEqual([]);
    expect(storedFor(id)).toEqual([]);
  });

  it("refuses the same from staff", async () => {
    const { buyer, id } = await startedOrder();
    const refused = await store.post(`/api/admin/orders/${id}/messages`, { body: "Draft", attachments: [file("draft.html")] }, { token: writer.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.attachments).toEqual([`draft.html cannot be attached: this file type is not allowed. Allowed: ${ALLOWED}.`]);
    expect((await store.call(`/api/orders/${id}`, { token: buyer.token })).body.messages).toEqual([]);
    expect(storedFor(id)).toEqual([]);
  });

  it("keeps an allowed file under its own name without directories and serves it as a download, never sniffed", async () => {
    const { buyer, id } = await startedOrder();
    const sent = await store.post(`/api/orders/${id}/messages`, { body: "Our notes", attachments: [file("../../notes.TXT", "plain notes"), file("C:\\Users\\me\\brief.pdf", "%PDF-1.4 brief")] }, { token: buyer.token });
    expect(sent.status).toBe(200);
    const [message] = (await store.call(`/api/admin/orders/${id}`, { token: writer.token })).body.messages;
    expect(message.attachments.map((each: { fileName: string }) => each.fileName)).toEqual(["notes.TXT", "brief.pdf"]);
    for (const [attachment, token] of [[message.attachments[0], buyer.token], [message.attachments[1], writer.token]]) {
      const download = await store.call(`/api/orders/${id}/files/${attachment.id}`, { token });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${attachment.fileName.replace(".", "\\.")}"`));
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(storedFor(id)).toHaveLength(2);
  });
});
