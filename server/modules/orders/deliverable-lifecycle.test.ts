import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, manualClock, type ManualClock } from "../../platform/clock";
import { addBusinessDays } from "./due-dates";
import { startTestStore, type TestStore } from "../../test/test-store";
import { placeFiveDeliverables, staffMember, staffMembers, type TestCustomer } from "../../test/orders-test-support";

// Issue 24: the deliverable is the unit of work. One order of two services and a bundle of three is five deliverables:
// 1 article-forge, 2 seo-layer, then the bundle's 3 web-copycraft, 4 article-forge, 5 seo-layer.
let store: TestStore;
let clock: ManualClock;
let writer: TestCustomer;
let otherWriter: TestCustomer;
let manager: TestCustomer;
beforeAll(async () => {
  // A Monday morning: article-forge (3 business days) is due on Thursday, seo-layer (5) next Monday.
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock, listen: true });
  [writer, otherWriter, manager] = await staffMembers(store, ["writer", "writer", "manager"]);
});
afterAll(() => store.close());

const placed = (locale: "en" | "es" = "en") => placeFiveDeliverables(store, 1_000_000, locale);
type Who = TestCustomer;
const staff = (path: string, who: Who, body?: unknown) =>
  store.post(`/api/admin/orders/${path}`, body, { token: who.token });
const mine = (path: string, who: Who, body?: unknown) => store.post(`/api/orders/${path}`, body, { token: who.token });
const page = async (ref: string, who: Who) => (await store.call(`/api/orders/${ref}`, { token: who.token })).body;
const staffPage = async (id: string, who: Who) =>
  (await store.call(`/api/admin/orders/${id}`, { token: who.token })).body;
const statuses = (detail: { deliverables: Array<{ status: string }> }) =>
  detail.deliverables.map((deliverable) => deliverable.status);
const dues = (detail: { deliverables: Array<{ dueAt: string }> }) =>
  detail.deliverables.map((deliverable) => deliverable.dueAt);

/** Delivers a version of deliverable `n` as the browser does (multipart/form-data). */
async function deliver(id: string, n: number, who: Who, text: string) {
  const form = new FormData();
  form.append("files", new Blob([text]), `part-${n}.md`);
  const response = await fetch(`${store.url}/api/admin/orders/${id}/deliverables/${n}/versions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${who.token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
/** Starts deliverable `n` for `who`, assigned by the manager. */
async function startFor(id: string, n: number, who: Who) {
  expect((await staff(`${id}/deliverables/${n}/assign`, manager, { writerId: who.id })).status).toBe(200);
  expect((await staff(`${id}/deliverables/${n}/start`, who)).status).toBe(200);
}

describe("an order of two services and a bundle of three", () => {
  it("shows five deliverables, each with its service's due date, revision rounds and price share", async () => {
    const { buyer, number } = await placed();
    const detail = await page(number, buyer);
    expect(detail.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 0 });
    expect(
      detail.deliverables.map((d: { n: number; productId: string; bundleId: string | null; itemPosition: number }) => [
        d.n,
        d.productId,
        d.bundleId,
        d.itemPosition,
      ]),
    ).toEqual([
      [1, "article-forge", null, 0],
      [2, "seo-layer", null, 1],
      [3, "web-copycraft", "full-site-and-content-pack", 2],
      [4, "article-forge", "full-site-and-content-pack", 2],
      [5, "seo-layer", "full-site-and-content-pack", 2],
    ]);
    expect(statuses(detail)).toEqual(["paid", "paid", "paid", "paid", "paid"]);
    // Business days from Monday: 3 → Thursday, 5 → next Monday, 7 → next Wednesday.
    expect(dues(detail)).toEqual([
      "2026-01-08T09:00:00.000Z",
      "2026-01-12T09:00:00.000Z",
      "2026-01-14T09:00:00.000Z",
      "2026-01-08T09:00:00.000Z",
      "2026-01-12T09:00:00.000Z",
    ]);
    expect(
      detail.deliverables.map((d: { revisionRounds: number; revisionsUsed: number }) => [
        d.revisionRounds,
        d.revisionsUsed,
      ]),
    ).toEqual([
      [2, 0],
      [2, 0],
      [2, 0],
      [2, 0],
      [2, 0],
    ]);
    const shares = detail.deliverables.map((d: { price: number }) => Math.round(d.price * 100));
    expect(shares.slice(0, 2)).toEqual([14_900, 24_000]);
    expect(shares.reduce((sum: number, share: number) => sum + share, 0)).toBe(Math.round(detail.total * 100));
    const list = (await store.call("/api/orders", { token: buyer.token })).body;
    expect(list[0]).toMatchObject({ number, progress: { total: 5, delivered: 0, completed: 0, cancelled: 0 } });
  });
});

describe("per-deliverable moves: start, ask and answer", () => {
  it("starts one, pauses only the one asked about, and a message naming it answers it and moves its due date", async () => {
    const { buyer, id, number } = await placed();
    const started = await staff(`${id}/deliverables/1/start`, manager, { writerId: writer.id });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe("in_progress");
    expect((await staffPage(id, manager)).staffDeliverables[0].writer).toMatchObject({ id: writer.id });
    const asked = await staff(`${id}/deliverables/2/ask`, manager, { message: "Which city do you sell in?" });
    expect(asked.body.status).toBe("needs_info");
    const waiting = await page(number, buyer);
    expect(waiting.status).toBe("needs_info");
    expect(statuses(waiting)).toEqual(["in_progress", "needs_info", "paid", "paid", "paid"]);
    expect(waiting.actions).toContain("answer");
    clock.advance(2 * DAY_MS);
    const answered = await mine(`${number}/messages`, buyer, { body: "Madrid only.", deliverable: 2 });
    expect(answered.status).toBe(200);
    // Back to the state it was asked in (LIFECYCLE.md: needs_info → previous state).
    expect(statuses(answered.body)).toEqual(["in_progress", "paid", "paid", "paid", "paid"]);
    expect(answered.body.status).toBe("in_progress");
    // Only deliverable 2 waited: its due date moves by the two days; the others keep theirs.
    expect(dues(answered.body)).toEqual([
      "2026-01-08T09:00:00.000Z",
      "2026-01-14T09:00:00.000Z",
      ...dues(waiting).slice(2),
    ]);
    expect(answered.body.messages.at(-1)).toMatchObject({ author: "customer", body: "Madrid only.", deliverable: 2 });
    expect(
      answered.body.deliverables[1].events.map(
        (event: { from: string | null; to: string | null }) => `${event.from}→${event.to}`,
      ),
    ).toEqual(["paid→needs_info", "needs_info→paid"]);
  });
});

describe("per-deliverable moves: deliver, accept, revise", () => {
  it("delivers one deliverable, the customer accepts it and asks for revisions on another until its rounds run out", async () => {
    const { buyer, id, number } = await placed();
    await startFor(id, 1, writer);
    await startFor(id, 2, writer);
    const v1 = await deliver(id, 1, writer, "article one");
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ version: 1, files: [{ fileName: "part-1.md", size: 11 }] });
    expect((await deliver(id, 2, writer, "seo one")).status).toBe(200);
    // Deliverable 3 is not started: nothing to deliver.
    expect((await deliver(id, 3, manager, "web")).status).toBe(409);
    const delivered = await page(number, buyer);
    expect(statuses(delivered)).toEqual(["delivered", "delivered", "paid", "paid", "paid"]);
    expect(delivered.progress).toEqual({ total: 5, delivered: 2, completed: 0, cancelled: 0 });
    expect(
      delivered.deliverables[0].versions.map((version: { deliverable: number; files: Array<{ fileName: string }> }) => [
        version.deliverable,
        version.files[0].fileName,
      ]),
    ).toEqual([[1, "part-1.md"]]);
    expect(delivered.deliverables[0].actions).toEqual(["accept", "request_revision"]);
    const accepted = await mine(`${number}/deliverables/1/accept`, buyer);
    expect(accepted.status).toBe(200);
    expect(statuses(accepted.body)).toEqual(["completed", "delivered", "paid", "paid", "paid"]);
    expect(accepted.body.progress).toMatchObject({ completed: 1 });
    expect((await mine(`${number}/deliverables/1/accept`, buyer)).status).toBe(409);
    expect((await mine(`${number}/deliverables/1/revision`, buyer, { changes: "more" })).status).toBe(409);
    for (const round of [1, 2]) {
      const revised = await mine(`${number}/deliverables/2/revision`, buyer, {
        changes: `Round ${round}: more local keywords`,
      });
      expect(revised.status).toBe(200);
      expect(revised.body.deliverables[1]).toMatchObject({
        status: "revision_requested",
        revisionsUsed: round,
        revisionRounds: 2,
      });
      // A new due date: now plus seo-layer's two business days of revision.
      const due = addBusinessDays(clock.now(), 2);
      expect(revised.body.deliverables[1].dueAt).toBe(due.toISOString());
      const request = (await staffPage(id, writer)).staffDeliverables[1].revisionRequest;
      expect(request).toMatchObject({
        round,
        rounds: 2,
        changes: `Round ${round}: more local keywords`,
        dueAt: due.toISOString(),
      });
      expect((await staffPage(id, writer)).staffDeliverables[0].revisionRequest).toBeNull();
      expect((await deliver(id, 2, writer, `seo ${round + 1}`)).status).toBe(200);
      clock.advance(DAY_MS);
    }
    const noRounds = await mine(`${number}/deliverables/2/revision`, buyer, { changes: "one more" });
    expect(noRounds.status).toBe(409);
    const after = await page(number, buyer);
    expect(after.deliverables[1].versions).toHaveLength(3);
    expect(after.deliverables[0].versions).toHaveLength(1);
    expect((await staffPage(id, writer)).staffDeliverables[1].revisionRequest).toBeNull();
    // A deliverable the order does not have is a 404.
    expect((await mine(`${number}/deliverables/6/accept`, buyer)).status).toBe(404);
  });
});

describe("timed work per deliverable, on the job runner with the manual clock", () => {
  it("reminds about and then completes only the deliverable whose review window ended", async () => {
    const { buyer, id, number } = await placed();
    await store.services.jobs.runDue();
    await startFor(id, 1, writer);
    await startFor(id, 2, writer);
    await deliver(id, 1, writer, "article");
    clock.advance(2 * DAY_MS);
    await deliver(id, 2, writer, "seo");
    const reminders = async (n: number) =>
      (await page(number, buyer)).deliverables[n - 1].events.filter(
        (event: { kind: string }) => event.kind === "reminder",
      ).length;
    // Half of deliverable 1's window (3.5 days): its reminder only.
    clock.advance(1.5 * DAY_MS);
    await store.services.jobs.runDue();
    expect([await reminders(1), await reminders(2)]).toEqual([1, 0]);
    const windowEnds = (await page(number, buyer)).deliverables[0].reviewEndsAt as string;
    // One day before deliverable 1's window ends: its second reminder; deliverable 2's half-way one.
    clock.set(new Date(Date.parse(windowEnds) - DAY_MS + 1000).toISOString());
    await store.services.jobs.runDue();
    expect([await reminders(1), await reminders(2)]).toEqual([2, 1]);
    expect(statuses(await page(number, buyer))).toEqual(["delivered", "delivered", "paid", "paid", "paid"]);
    clock.set(windowEnds);
    await store.services.jobs.runDue();
    await store.services.jobs.runDue();
    const after = await page(number, buyer);
    expect(statuses(after)).toEqual(["completed", "delivered", "paid", "paid", "paid"]);
    expect(after.deliverables[0].events.at(-1)).toMatchObject({ actor: "system", from: "delivered", to: "completed" });
    expect(after.status).toBe("delivered");
    // "delivered" counts delivered or completed.
    expect(after.progress).toEqual({ total: 5, delivered: 2, completed: 1, cancelled: 0 });
    expect([await reminders(1), await reminders(2)]).toEqual([2, 1]);
  });

  it("flags late only the deliverables past their own due date and not delivered", async () => {
    const { buyer, id, number } = await placed();
    await startFor(id, 4, writer);
    await deliver(id, 4, writer, "bundle article");
    // Deliverables 1 and 4 are the article-forge ones (3 business days); 4 is delivered in time.
    clock.set((await page(number, buyer)).deliverables[0].dueAt);
    clock.advance(1000);
    await store.services.jobs.runDue();
    await store.services.jobs.runDue();
    const detail = await page(number, buyer);
    expect(detail.deliverables.map((d: { late: boolean }) => d.late)).toEqual([true, false, false, false, false]);
    const lateEvents = detail.deliverables.map(
      (d: { events: Array<{ kind: string }> }) => d.events.filter((event) => event.kind === "late").length,
    );
    expect(lateEvents).toEqual([1, 0, 0, 0, 0]);
    expect(detail.late).toBe(true);
    const lateMails = (await store.services.mail.list({ to: buyer.email })).filter(
      // The on-time guarantee's apology (issue 28) in place of the plain late mail.
      (mail) => mail.subject === `We are sorry: order ${number} is late`,
    );
    expect(lateMails).toHaveLength(1);
    expect(lateMails[0]?.text).toContain("(1 of 5 in this order)");
    const rows = (await store.call(`/api/admin/orders?q=${number}&late=true`, { token: manager.token })).body.orders;
    expect(rows.map((row: { deliverable: number }) => row.deliverable)).toEqual([1]);
  });
});

describe("a writer works only their deliverables", () => {
  it("assigns deliverable 3 to one writer and 4 to another: each moves only their own", async () => {
    const [a, b] = await staffMembers(store, ["writer", "writer"]);
    const { id, number } = await placed();
    await startFor(id, 3, a);
    await startFor(id, 4, b);
    expect((await staff(`${id}/deliverables/4/ask`, a, { message: "?" })).status).toBe(404);
    expect((await deliver(id, 4, a, "not mine")).status).toBe(404);
    expect((await staff(`${id}/deliverables/3/ask`, b, { message: "?" })).status).toBe(404);
    expect((await deliver(id, 3, a, "web copy")).status).toBe(200);
    const seen = await staffPage(id, a);
    expect(
      seen.staffDeliverables.map((d: { n: number; writer: { id: string } | null }) => [d.n, d.writer?.id ?? null]),
    ).toEqual([
      [1, null],
      [2, null],
      [3, a.id],
      [4, b.id],
      [5, null],
    ]);
    const mineOnly = (await store.call(`/api/admin/orders?writer=me&q=${number}`, { token: a.token })).body.orders;
    expect(
      mineOnly.map((row: { deliverable: number; service: string; status: string }) => [
        row.deliverable,
        row.service,
        row.status,
      ]),
    ).toEqual([[3, "web-copycraft", "delivered"]]);
    // Without a filter: their own row and the pool's unassigned paid deliverables (the pool is on), never the other writer's.
    const queue = (await store.call(`/api/admin/orders?q=${number}`, { token: a.token })).body.orders;
    const shown = queue.map((row: { deliverable: number; access: string; writer: { id: string } | null }) => [
      row.deliverable,
      row.access,
      row.writer?.id ?? null,
    ]);
    expect(shown.sort()).toEqual([
      [1, "pool", null],
      [2, "pool", null],
      [3, "work", a.id],
      [5, "pool", null],
    ]);
  });
});

describe("the back-office queue lists deliverables", () => {
  it("filters, sorts and pages the queue by deliverable, and exports one CSV line per deliverable", async () => {
    const { id, number } = await placed();
    await startFor(id, 3, writer);
    await startFor(id, 5, otherWriter);
    const rows = async (query: string): Promise<number[]> =>
      (await store.call(`/api/admin/orders?q=${number}&${query}`, { token: manager.token })).body.orders.map(
        (row: { deliverable: number }) => row.deliverable,
      );
    // Deliverables 1 and 4 (article-forge) share a due date, and so do 2 and 5 (seo-layer): compared as sets.
    const sorted = async (query: string) => (await rows(query)).sort();
    expect(await sorted("status=in_progress")).toEqual([3, 5]);
    expect(await sorted("status=paid")).toEqual([1, 2, 4]);
    expect(await rows(`writer=${otherWriter.id}`)).toEqual([5]);
    expect(await sorted("writer=none")).toEqual([1, 2, 4]);
    expect(await sorted("service=seo-layer")).toEqual([2, 5]);
    expect(await sorted("service=full-site-and-content-pack")).toEqual([3, 4, 5]);
    expect(await rows("late=false")).toHaveLength(5);
    expect(await rows("late=true")).toEqual([]);
    const ascending = await rows("");
    expect(
      (await rows("sort=-due"))
        .reverse()
        .map((n) => ([1, 4].includes(n) ? "article" : [2, 5].includes(n) ? "seo" : "web")),
    ).toEqual(["article", "article", "seo", "seo", "web"]);
    expect((await rows("sort=-due"))[0]).toBe(3);
    const paged: number[] = [];
    let cursor = "";
    for (let pages = 0; pages < 5; pages++) {
      const answer = (await store.call(`/api/admin/orders?q=${number}&limit=2${cursor}`, { token: manager.token }))
        .body;
      paged.push(...answer.orders.map((row: { deliverable: number }) => row.deliverable));
      if (!answer.nextCursor) break;
      cursor = `&cursor=${answer.nextCursor}`;
    }
    expect(paged).toEqual(ascending);
    expect(paged).toHaveLength(5);
    const csv = await store.call(`/api/admin/orders.csv?q=${number}`, { token: manager.token });
    const lines = (csv.body as string).trim().split("\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/,deliverable,service$/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",").slice(-2).join(" "))
        .sort(),
    ).toEqual(["1 article-forge", "2 seo-layer", "3 web-copycraft", "4 article-forge", "5 seo-layer"]);
  });
});

describe("mail names the deliverable in the recipient's language", () => {
  it("a question, a delivery and a revision about one deliverable say which one, in Spanish for a Spanish order", async () => {
    const { buyer, id, number } = await placed("es");
    // Newest first: the clock moves a second before each step so the step's mail is the newest.
    const newest = async (to: string) =>
      (await store.services.mail.list({ to })).filter((mail) => mail.text.includes(number))[0]?.text;
    clock.advance(1000);
    await staff(`${id}/deliverables/2/ask`, manager, { message: "¿En qué ciudad vendes?" });
    const question = await newest(buyer.email);
    expect(question).toContain("¿En qué ciudad vendes?");
    expect(question).toContain("Sobre SEO Layer (2 de 5 en este pedido).");
    await startFor(id, 1, writer);
    clock.advance(1000);
    await deliver(id, 1, writer, "artículo");
    expect(await newest(buyer.email)).toContain("Sobre Article Forge (1 de 5 en este pedido).");
    clock.advance(1000);
    await mine(`${number}/deliverables/1/revision`, buyer, { changes: "Más corto" });
    // The writer's mail is in English (staff read the back office in English).
    const toWriter = await newest(writer.email);
    expect(toWriter).toContain("Más corto");
    expect(toWriter).toContain("About Article Forge (1 of 5 in this order).");
  });
});

describe("the order-level delivery of before on an order of several deliverables", () => {
  const files = (text: string) => ({ files: [{ fileName: "draft.md", contentBase64: Buffer.from(text).toString("base64") }] });
  const versionsOf = async (number: string, buyer: Who) =>
    (await page(number, buyer)).deliverables.map((d: { versions: unknown[] }) => d.versions.length);

  it("refuses to spread one delivery over several open deliverables, in the caller's language, and delivers the one named", async () => {
    const { buyer, id, number } = await placed();
    await startFor(id, 1, writer);
    await startFor(id, 2, writer);
    const english = await staff(`${id}/deliver`, manager, files("one for all"));
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      deliverable: [
        "This order has 5 open deliverables (1, 2, 3, 4, 5): deliver to one of them (?deliverable=n, or /deliverables/{n}/versions).",
      ],
    });
    const spanish = await store.post(`/api/admin/orders/${id}/deliver`, files("uno para todos"), {
      token: writer.token,
      headers: { "accept-language": "es" },
    });
    expect(spanish.status).toBe(400);
    // A writer counts only their own open deliverables.
    expect(spanish.body.errors).toEqual({
      deliverable: [
        "Este pedido tiene 2 servicios abiertos (1, 2): entrega a uno de ellos (?deliverable=n, o /deliverables/{n}/versions).",
      ],
    });
    const form = new FormData();
    form.append("files", new Blob(["multipart for all"]), "draft.md");
    const upload = await fetch(`${store.url}/api/admin/orders/${id}/versions`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("deliverable");
    expect(await versionsOf(number, buyer)).toEqual([0, 0, 0, 0, 0]);

    const named = await staff(`${id}/deliver?deliverable=2`, writer, files("the SEO part"));
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ version: 1, result: { fileName: "draft.md" } });
    expect(statuses(await page(number, buyer))).toEqual(["in_progress", "delivered", "paid", "paid", "paid"]);
    expect(await versionsOf(number, buyer)).toEqual([0, 1, 0, 0, 0]);
    // Named but not the writer's: a 404, as on /deliverables/{n}/versions.
    expect((await staff(`${id}/deliver?deliverable=3`, writer, files("not mine"))).status).toBe(404);

    // A writer with one open deliverable on the order delivers to it without naming it, as on an order of one.
    const other = await staffMember(store, "writer");
    await startFor(id, 4, other);
    expect((await staff(`${id}/deliver`, other, files("bundle article"))).status).toBe(200);
    expect(await versionsOf(number, buyer)).toEqual([0, 1, 0, 1, 0]);
    // Delivered is still open: another delivery waits for a revision request (409), it goes nowhere else.
    expect((await staff(`${id}/deliver`, other, files("again"))).status).toBe(409);
    expect(statuses(await page(number, buyer))).toEqual(["in_progress", "delivered", "paid", "delivered", "paid"]);
  });
});

// Two writers on one order: a has deliverable 3 (the bundle's web copy), b has 4 (the bundle's article), about which
// the manager asked, the customer answered with an attachment, b kept a note, delivered and was asked for a revision.
const b64 = (text: string) => Buffer.from(text).toString("base64");
type Seen = {
  items: Array<{ brief: Record<string, unknown> }>;
  versions: Array<{ deliverable: number | null; files: Array<{ id: string }> }>;
  messages: Array<{ body: string; deliverable: number | null; attachments: Array<{ id: string }> }>;
  deliverables: Array<{ n: number; versions: unknown[]; events: unknown[] }>;
};
const inside = (seen: Seen) => ({
  // Items 1 and 2 are services (a brief or none), item 3 the bundle (the parts shown).
  briefs: seen.items.map((item, index) => (index === 2 ? Object.keys(item.brief).sort() : Object.keys(item.brief).length > 0)),
  versions: seen.versions.map((version) => version.deliverable),
  messages: seen.messages.map((message) => message.body),
  deliverableVersions: seen.deliverables.map((deliverable) => deliverable.versions.length),
});

async function colleaguesOnOneOrder() {
  const [a, b] = await staffMembers(store, ["writer", "writer"]);
  const { buyer, id, number } = await placed();
  await startFor(id, 3, a);
  await startFor(id, 4, b);
  expect((await staff(`${id}/deliverables/4/ask`, manager, { message: "Which keywords matter most?" })).status).toBe(200);
  clock.advance(1000);
  const answer = { body: "Bakery keywords, please.", deliverable: 4, attachments: [{ fileName: "keywords.txt", contentBase64: b64("sourdough") }] };
  expect((await mine(`${number}/messages`, buyer, answer)).status).toBe(200);
  clock.advance(1000);
  expect((await mine(`${number}/messages`, buyer, { body: "The web copy: warm, please.", deliverable: 3 })).status).toBe(200);
  clock.advance(1000);
  expect((await mine(`${number}/messages`, buyer, { body: "Thanks to you all." })).status).toBe(200);
  clock.advance(1000);
  expect((await staff(`${id}/messages`, b, { body: "Keywords noted.", internal: true, deliverable: 4 })).status).toBe(200);
  clock.advance(1000);
  expect((await deliver(id, 4, b, "the bundle's article")).status).toBe(200);
  clock.advance(1000);
  expect((await mine(`${number}/deliverables/4/revision`, buyer, { changes: "Shorter, please." })).status).toBe(200);
  return { a, b, buyer, id, number };
}

describe("a writer sees the inside of their own deliverables only", () => {
  it("hides a colleague's deliverable's brief, versions, files, timeline and messages; managers see all", async () => {
    const { a, b, id } = await colleaguesOnOneOrder();
    const forA = (await staffPage(id, a)) as Seen & { staffEvents: Array<{ note: string }>; staffDeliverables: Array<{ revisionRequest: unknown }> };
    expect(inside(forA)).toEqual({
      // Deliverables 1, 2 and 5 are the pool's (unassigned, paid): their briefs show, as in the pool; of the bundle only
      // the web copy (3) and the SEO layer (5), never the article that is b's (4).
      briefs: [true, true, ["seo-layer", "web-copycraft"]],
      versions: [],
      messages: ["The web copy: warm, please.", "Thanks to you all."],
      deliverableVersions: [0, 0, 0, 0, 0],
    });
    expect(forA.deliverables[3]?.events).toEqual([]);
    expect(forA.staffEvents.map((event) => event.note).join(" ")).not.toMatch(/keywords|Shorter/i);
    expect(forA.staffDeliverables[3]?.revisionRequest).toBeNull();
    // The customer's order page, which staff may open too, is cut the same way.
    expect(inside((await page(id, a)) as Seen)).toEqual(inside(forA));

    const forB = (await staffPage(id, b)) as Seen & { staffDeliverables: Array<{ revisionRequest: unknown }> };
    expect(inside(forB)).toEqual({
      briefs: [true, true, ["article-forge", "seo-layer"]],
      versions: [4],
      messages: ["Which keywords matter most?", "Bakery keywords, please.", "Thanks to you all.", "Keywords noted.", "Shorter, please."],
      deliverableVersions: [0, 0, 0, 1, 0],
    });
    expect(forB.staffDeliverables[3]?.revisionRequest).toMatchObject({ changes: "Shorter, please." });
    const everything = inside((await staffPage(id, manager)) as Seen);
    expect(everything).toEqual({
      briefs: [true, true, ["article-forge", "seo-layer", "web-copycraft"]],
      versions: [4],
      messages: [
        "Which keywords matter most?",
        "Bakery keywords, please.",
        "The web copy: warm, please.",
        "Thanks to you all.",
        "Keywords noted.",
        "Shorter, please.",
      ],
      deliverableVersions: [0, 0, 0, 1, 0],
    });
  });

  it("lets a writer download, be mailed about and write about their own deliverables only", async () => {
    const { a, b, id } = await colleaguesOnOneOrder();
    const forB = (await staffPage(id, b)) as Seen;
    // Files: b's delivery and the attachment about 4 download for b and a manager, never for a.
    const fileIds = [forB.versions[0]?.files[0]?.id, forB.messages.find((message) => message.attachments.length > 0)?.attachments[0]?.id];
    for (const fileId of fileIds) {
      expect(fileId).toBeTruthy();
      const as = async (who: Who) => (await store.call(`/api/orders/${id}/files/${fileId}`, { token: who.token })).status;
      expect([await as(b), await as(manager), await as(a)]).toEqual([200, 200, 404]);
    }
    expect((await store.call(`/api/orders/${id}/result`, { token: a.token })).status).toBe(404);
    expect((await store.call(`/api/orders/${id}/result`, { token: b.token })).status).toBe(200);
    // The customer's message about 4 is mailed to its writer, and not to the colleague.
    const mailed = async (who: Who) => (await store.services.mail.list({ to: who.email })).map((mail) => mail.text).join("\n");
    expect(await mailed(b)).toContain("Bakery keywords, please.");
    expect(await mailed(a)).not.toContain("Bakery keywords, please.");
    // Nor may a write about b's deliverable.
    const aside = await staff(`${id}/messages`, a, { body: "About the article…", deliverable: 4 });
    expect(aside.status).toBe(400);
    expect(aside.body.errors).toEqual({ deliverable: ["This order has no such deliverable."] });
  });
});
