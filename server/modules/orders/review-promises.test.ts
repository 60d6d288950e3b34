import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let writer: TestCustomer;
beforeAll(async () => {
  // A review window of 5 days (the setting) instead of the default 7; Article Forge's revision takes 2 business days.
  store = await startTestStore({ REVIEW_DAYS: "5" }, { clock: manualClock("2026-01-05T09:00:00.000Z") });
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const b64 = (text: string) => Buffer.from(text).toString("base64");

async function deliveredMail(language: "en" | "es"): Promise<{ text: string; reviewEndsAt: string }> {
  const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
  const placed = await store.post("/api/orders", orderBody(), { token: buyer.token, headers: { "accept-language": language } });
  const id = placed.body.id as string;
  await store.post(`/api/admin/orders/${id}/start`, undefined, { token: writer.token });
  const files = [{ fileName: "article.md", contentBase64: b64("draft") }];
  expect((await store.post(`/api/admin/orders/${id}/deliver`, { note: "", files }, { token: writer.token })).status).toBe(200);
  const page = (await store.call(`/api/orders/${id}`, { token: buyer.token })).body;
  const [mail] = (await store.services.mail.list({ to: buyer.email })).filter((sent) => sent.subject.includes("listo") || sent.subject.includes("ready"));
  return { text: mail?.text ?? "", reviewEndsAt: page.deliverables[0].reviewEndsAt };
}

describe("the delivery mail states the promises the delivery runs on", () => {
  it("the end of the review window the settings give, and the revision rounds left with the catalog's revision time", async () => {
    const { text, reviewEndsAt } = await deliveredMail("en");
    expect(reviewEndsAt).toBe("2026-01-10T09:00:00.000Z");
    expect(text).toContain("You have until 10 Jan 2026, 09:00 UTC to review it on the order's page");
    expect(text).toContain("If you do neither by then, it completes on its own.");
    expect(text).toContain("You have 2 revision rounds left; each comes back within 2 business days.");
  });

  it("in Spanish too", async () => {
    const { text } = await deliveredMail("es");
    expect(text).toContain("Tienes hasta el 10 ene 2026, 9:00 UTC para revisarla en la página del pedido");
    expect(text).toContain("Te quedan 2 rondas de revisión; cada versión corregida llega en 2 días laborables.");
  });
});
