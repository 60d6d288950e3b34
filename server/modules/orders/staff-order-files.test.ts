import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 26, points 4 and 14: staff open what was delivered (a PDF or an image as a preview, others as a download),
// see the language the customer ordered in, and sign their messages to the customer with their own name.
let store: TestStore;
let buyer: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
let otherWriter: TestCustomer;
let idle: TestCustomer;
let order: { id: string; number: string };
const pdf = Buffer.from("%PDF-1.4 the article");
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function deliver(n: number, who: TestCustomer, files: Array<{ name: string; content: Buffer }>) {
  const form = new FormData();
  for (const file of files) form.append("files", new Blob([new Uint8Array(file.content)]), file.name);
  const response = await fetch(`${store.url}/api/admin/orders/${order.id}/deliverables/${n}/versions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const staffPage = async (who: TestCustomer) => (await store.call(`/api/admin/orders/${order.number}`, { token: who.token })).body;

async function open(fileId: string, who: TestCustomer | undefined, ref = order.number) {
  const response = await fetch(`${store.url}/api/admin/orders/${ref}/files/${fileId}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  store = await startTestStore({}, { listen: true });
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  [manager, writer, otherWriter, idle] = await Promise.all([
    staffMember(store, "manager"),
    staffMember(store, "writer"),
    staffMember(store, "writer"),
    staffMember(store, "writer"),
  ]);
  await store.db.kysely.updateTable("users").set({ first_name: "Marta", last_name: "Ruiz" }).where("id", "=", writer.id).execute();
  const placed = await store.post(
    "/api/orders",
    orderBody([
      { productId: "article-forge", brief: articleBrief },
      { productId: "seo-layer", brief: seoBrief },
    ]),
    { token: buyer.token, headers: { "accept-language": "es" } },
  );
  expect(placed.status).toBe(200);
  order = placed.body;
  for (const [n, who] of [[1, writer], [2, otherWriter]] as const) {
    expect((await store.post(`/api/admin/orders/${order.id}/deliverables/${n}/assign`, { writerId: who.id }, { token: manager.token })).status).toBe(200);
    expect((await store.post(`/api/admin/orders/${order.id}/deliverables/${n}/start`, undefined, { token: who.token })).status).toBe(200);
  }
  await deliver(1, writer, [{ name: "article.pdf", content: pdf }, { name: "notes.txt", content: Buffer.from("sources") }]);
  await deliver(2, otherWriter, [{ name: "ranking.png", content: png }]);
});
afterAll(() => store?.close());

/** Deliverable n's files on the staff page, by name: id, size and type. */
async function filesOf(n: number, who: TestCustomer = manager) {
  const detail = await staffPage(who);
  const deliverable = detail.deliverables.find((candidate: { n: number }) => candidate.n === n);
  return Object.fromEntries(
    deliverable.versions.flatMap((version: { files: Array<{ id: string; fileName: string; size: number; contentType: string }> }) =>
      version.files.map((file) => [file.fileName, file]),
    ),
  );
}

describe("staff open what was delivered (issue 26, point 4)", () => {
  it("lists each version's files with id and size, and serves a PDF and an image inline, other files as a download", async () => {
    const first = await filesOf(1);
    expect(first["article.pdf"]).toMatchObject({ size: pdf.length, contentType: "application/pdf" });
    expect(first["notes.txt"]).toMatchObject({ size: 7 });
    const article = await open(first["article.pdf"].id, manager);
    expect(article.status).toBe(200);
    expect(article.body.equals(pdf)).toBe(true);
    expect(article.headers.get("content-type")).toBe("application/pdf");
    expect(article.headers.get("content-disposition")).toBe(`inline; filename="article.pdf"; filename*=UTF-8''article.pdf`);
    const notes = await open(first["notes.txt"].id, manager);
    expect(notes.status).toBe(200);
    expect(notes.headers.get("content-disposition")).toMatch(/^attachment; filename="notes\.txt"/);
    const image = await open((await filesOf(2))["ranking.png"].id, manager, order.id);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toMatch(/^inline; filename="ranking\.png"/);
  });

  it("lets a writer open their own deliverable's files only: another deliverable's, another writer's or an unknown file is a 404", async () => {
    const first = await filesOf(1);
    const second = await filesOf(2);
    expect((await open(first["article.pdf"].id, writer)).status).toBe(200);
    expect((await open(second["ranking.png"].id, writer)).status).toBe(404);
    expect((await open(first["article.pdf"].id, otherWriter)).status).toBe(404);
    expect((await open(second["ranking.png"].id, otherWriter)).status).toBe(200);
    expect((await open(first["article.pdf"].id, idle)).status).toBe(404);
    expect((await open("00000000-0000-4000-8000-000000000000", manager)).status).toBe(404);
    // Not staff at all: the guard answers before anything is looked up.
    expect((await open(first["article.pdf"].id, buyer)).status).toBe(403);
    expect((await open(first["article.pdf"].id, undefined)).status).toBe(401);
  });
});

describe("the customer's language and signed messages (issue 26, point 14)", () => {
  it("shows staff the language the customer ordered in", async () => {
    expect((await staffPage(manager)).customerLocale).toBe("es");
    expect((await staffPage(writer)).customerLocale).toBe("es");
  });

  it("signs a staff message with its author's display name for the customer (issue 28) and full name for staff", async () => {
    const sent = await store.post(`/api/admin/orders/${order.id}/messages`, { body: "¿Algún enlace que deba citar?" }, { token: writer.token });
    expect(sent.status).toBe(200);
    expect((await store.post(`/api/orders/${order.id}/messages`, { body: "No, gracias." }, { token: buyer.token })).status).toBe(200);
    const mine = (await store.call(`/api/orders/${order.number}`, { token: buyer.token })).body;
    expect(mine.messages.map((message: { author: string; authorName: string | null; body: string }) => [message.author, message.authorName, message.body])).toEqual([
      ["staff", "Marta R.", "¿Algún enlace que deba citar?"],
      ["customer", null, "No, gracias."],
    ]);
    const staffSide = await staffPage(manager);
    expect(staffSide.messages[0]).toMatchObject({ author: "staff", authorName: "Marta Ruiz" });
    // The mail that tells the customer is signed with the same name, in the language they ordered in.
    const mailed = (await store.services.mail.list({ to: buyer.email })).find((mail) => mail.text.includes("¿Algún enlace que deba citar?"));
    expect(mailed?.subject).toBe(`Nuevo mensaje sobre el pedido ${order.number}`);
    expect(mailed?.text).toContain("— Marta R., Scriptorium");
    expect(mailed?.text).not.toContain("Ruiz");
  });
});
