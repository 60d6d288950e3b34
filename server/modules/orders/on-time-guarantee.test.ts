import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { ARTICLE_EUR, customer, orderBody, staffMembers, type TestCustomer } from "../../test/orders-test-support";

// Issue 28: the on-time guarantee. A deliverable that becomes late credits its buyer 10 % of its price, once, with a
// credit note and a mail in the buyer's language that apologises and names the new expected date.
let store: TestStore;
let clock: ManualClock;
let manager: TestCustomer;
let writer: TestCustomer;
beforeAll(async () => {
  // A Monday morning: article-forge (3 business days) is due on Thursday at the same time.
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock, listen: true });
  [manager, writer] = await staffMembers(store, ["manager", "writer"]);
});
afterAll(() => store.close());

/** Placed on Monday 5 January at 09:00: due on Thursday 8 January at 09:00. */
async function placeArticle(locale: "en" | "es") {
  clock.set("2026-01-05T09:00:00.000Z");
  const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
  const answer = await store.post("/api/orders", orderBody(), {
    token: buyer.token,
    headers: { "accept-language": locale },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, id: answer.body.id as string, number: answer.body.number as string };
}

/** Runs the timed work due at `at` (twice: a job may make another due). */
async function timeReaches(at: string) {
  clock.set(at);
  await store.services.jobs.runDue();
  await store.services.jobs.runDue();
}

const balance = (buyer: TestCustomer) => store.services.wallet.balance(buyer.id, "EUR");
const creditNotes = async (buyer: TestCustomer) =>
  ((await store.call("/api/documents", { token: buyer.token })).body as Array<{ kind: string; total: number }>).filter(
    (document) => document.kind === "credit_note",
  );
const guaranteeMails = async (buyer: TestCustomer, subject: string) =>
  (await store.services.mail.list({ to: buyer.email })).filter((mail) => mail.subject === subject);
const eurCost = async () =>
  (
    (await store.call("/api/admin/dashboard", { token: manager.token })).body.guarantee as Array<{
      currency: string;
      count: number;
      total: number;
    }>
  ).find((row) => row.currency === "EUR") ?? { currency: "EUR", count: 0, total: 0 };

describe("the on-time guarantee", () => {
  it("credits 10 % of a late deliverable's price once, with a credit note and an apology naming the new date", async () => {
    const before = await eurCost();
    const { buyer, number } = await placeArticle("en");
    const paid = await balance(buyer);
    await timeReaches("2026-01-08T09:00:01.000Z");

    expect(await balance(buyer)).toBe(paid + ARTICLE_EUR / 10);
    const detail = (await store.call(`/api/orders/${number}`, { token: buyer.token })).body;
    expect(detail.deliverables[0]).toMatchObject({ late: true, credited: 14.9 });
    expect(await creditNotes(buyer)).toEqual([expect.objectContaining({ total: -14.9 })]);
    const mails = await guaranteeMails(buyer, `We are sorry: order ${number} is late`);
    expect(mails).toHaveLength(1);
    // The new expected date is a business day after it became late: Friday 9 January.
    expect(mails[0]?.text).toContain("€14.90 (10% of its price)");
    expect(mails[0]?.text).toMatch(/deliver it by .*9 Jan.* 2026/);
    expect(mails[0]?.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
    // The plain late mail is not sent as well.
    expect(await guaranteeMails(buyer, `Order ${number} is late`)).toHaveLength(0);
    expect(await eurCost()).toEqual({ currency: "EUR", count: before.count + 1, total: before.total + 14.9 });

    // The late check again: a re-run, and two instances at once, and a later run of the timed work: nothing more.
    const ref = { orderId: detail.id as string, deliverableId: await deliverableId(detail.id) };
    await store.services.orders.actions.flagLate(ref);
    await Promise.all([store.services.orders.actions.flagLate(ref), store.services.orders.actions.flagLate(ref)]);
    await timeReaches("2026-01-09T10:00:00.000Z");
    expect(await balance(buyer)).toBe(paid + ARTICLE_EUR / 10);
    expect(await creditNotes(buyer)).toHaveLength(1);
    expect(await eurCost()).toEqual({ currency: "EUR", count: before.count + 1, total: before.total + 14.9 });
  });

  it("writes the apology in the buyer's language", async () => {
    const { buyer, number } = await placeArticle("es");
    await timeReaches("2026-01-08T09:00:01.000Z");
    const mails = await guaranteeMails(buyer, `Lo sentimos: el pedido ${number} va con retraso`);
    expect(mails).toHaveLength(1);
    // Spanish writes a (narrow) no-break space before € and %.
    expect(mails[0]?.text.replace(/[\u00a0\u202f]/g, " ")).toContain("14,90 € (10 % de su precio)");
    expect(mails[0]?.text).toContain("9 ene 2026");
    expect(mails[0]?.text).toContain("garantía de puntualidad");
  });

  it("gives nothing for a deliverable paused in needs_info past its due date", async () => {
    const { buyer, id } = await placeArticle("en");
    const paid = await balance(buyer);
    clock.set("2026-01-06T09:00:00.000Z");
    const asked = await store.post(
      `/api/admin/orders/${id}/deliverables/1/ask`,
      { message: "Which city?" },
      { token: manager.token },
    );
    expect(asked.status).toBe(200);
    await timeReaches("2026-01-09T09:00:00.000Z");
    const detail = (await store.call(`/api/orders/${id}`, { token: buyer.token })).body;
    expect(detail.deliverables[0]).toMatchObject({ status: "needs_info", late: false, credited: 0 });
    expect(await balance(buyer)).toBe(paid);
    expect(await creditNotes(buyer)).toEqual([]);
  });

  it("gives nothing for work delivered on time", async () => {
    const { buyer, id } = await placeArticle("en");
    clock.set("2026-01-06T09:00:00.000Z");
    expect(
      (
        await store.post(
          `/api/admin/orders/${id}/deliverables/1/assign`,
          { writerId: writer.id },
          { token: manager.token },
        )
      ).status,
    ).toBe(200);
    const paid = await balance(buyer);
    expect(
      (await store.post(`/api/admin/orders/${id}/deliverables/1/start`, undefined, { token: writer.token })).status,
    ).toBe(200);
    const form = new FormData();
    form.append("files", new Blob(["the article"]), "article.md");
    const delivered = await fetch(`${store.url}/api/admin/orders/${id}/deliverables/1/versions`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${writer.token}` },
    });
    expect(delivered.status).toBe(200);
    await timeReaches("2026-01-08T09:00:01.000Z");
    expect(await balance(buyer)).toBe(paid);
  });
});

async function deliverableId(orderId: string): Promise<string> {
  const row = await store.db.kysely
    .selectFrom("deliverables")
    .select("id")
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.id;
}

it("shows its cost on the dashboard to managers, not to writers (who see no money)", async () => {
  expect((await store.call("/api/admin/dashboard", { token: writer.token })).body.guarantee).toBeNull();
});
