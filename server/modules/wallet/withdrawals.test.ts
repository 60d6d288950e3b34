import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { orderBody } from "../../test/orders-test-support";
import { pdfText } from "../../test/pdf-text";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 25, point 1: unused balance goes back to the payments it came from, newest deposits first (sandbox provider).
const clock = manualClock("2026-11-20T09:00:00.000Z");
let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ PUBLIC_URL: "https://store.example" }, { clock });
});
afterAll(() => store.close());

// The billing details every API test sends (an order's, without its items and currency).
const { orderFormData: _items, currency: _currency, ...billing } = orderBody();

/** A paid sandbox deposit of `amount` euros, one hour after the previous one (so "newest" is well defined). */
async function topUp(customer: TestCustomer, amount: number, locale = "en"): Promise<string> {
  clock.advance(60 * 60_000);
  const started = await store.post("/api/balance/deposit", { ...billing, depositAmount: amount, currency: "EUR" }, { token: customer.accessToken, headers: { "accept-language": locale } });
  expect(started.status).toBe(200);
  const paid = await store.post(`/api/payments/sandbox/${started.body.depositId}/complete`, { outcome: "paid" }, { token: customer.accessToken });
  expect(paid.status).toBe(200);
  return started.body.depositId;
}

/** A withdrawal a minute after whatever came before (the wallet dates its rows by the injected clock). */
const withdraw = (customer: TestCustomer, amount: unknown, locale = "en", currency = "EUR") => {
  clock.advance(60_000);
  return store.post("/api/balance/withdraw", { currency, amount }, { token: customer.accessToken, headers: { "accept-language": locale } });
};
const balanceOf = async (customer: TestCustomer) => (await store.post("/api/balance", { currency: "EUR" }, { token: customer.accessToken })).body;

describe("POST /api/balance/withdraw (sandbox)", () => {
  it("splits the amount across the newest deposits first and writes one ledger line, a refund receipt and a mail", async () => {
    const customer = await registerCustomer(store);
    const older = await topUp(customer, 20);
    const newer = await topUp(customer, 10);
    const before = await balanceOf(customer);
    expect(before).toMatchObject({ balance: 30, withdrawable: 30 });
    expect(before.refundableDeposits.map((deposit: { depositId: string }) => deposit.depositId)).toEqual([newer, older]);

    const answer = await withdraw(customer, 25.5);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      currency: "EUR",
      amount: 25.5,
      balance: 4.5,
      refunds: [
        { depositId: newer, amount: 10, status: "succeeded" },
        { depositId: older, amount: 15.5, status: "succeeded" },
      ],
    });
    const after = await balanceOf(customer);
    expect(after).toMatchObject({ balance: 4.5, withdrawable: 4.5 });
    expect(after.transactions[0]).toMatchObject({ kind: "withdrawal", amount: -25.5, reference: answer.body.withdrawalId });

    // Only what each deposit has not given back: the rest of the older deposit, then nothing.
    const second = await withdraw(customer, 4.5);
    expect(second.body.refunds).toEqual([expect.objectContaining({ depositId: older, amount: 4.5 })]);
    expect((await balanceOf(customer)).withdrawable).toBe(0);

    const mails = await store.services.mail.list({ to: customer.email });
    const mail = mails.find((sent) => sent.subject.includes("25.50"));
    expect(mail?.subject).toBe("€25.50 from your balance is on its way back to your payment");
    expect(mail?.text).toContain("Money on your balance that you have not spent is yours to take back at any time.");
    expect(mail?.text).toContain("within 10 days");
    expect(mail?.attachments).toEqual([expect.objectContaining({ fileName: expect.stringMatching(/^refund-receipt-RR-\d{4}-\d{6}\.pdf$/) })]);

    const pdf = await store.call(`/api/balance/withdrawals/${answer.body.withdrawalId}/receipt`, { token: customer.accessToken });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const file = await store.services.documents.pdfFor(customer.userId, "refund_receipt", answer.body.withdrawalId);
    const text = pdfText(file.content);
    for (const expected of ["Refund receipt", file.number, "Withdrawal from your prepaid balance", "Back to your payment of", "10.00", "15.50", "25.50"]) {
      expect(text).toContain(expected);
    }
    const someoneElse = await registerCustomer(store);
    expect((await store.call(`/api/balance/withdrawals/${answer.body.withdrawalId}/receipt`, { token: someoneElse.accessToken })).status).toBe(404);
  });

  it("lists the refund receipt among the documents (no order) and reads it in either language with the same number", async () => {
    const customer = await registerCustomer(store);
    await topUp(customer, 12, "es");
    const answer = await withdraw(customer, 12, "es");
    expect(answer.status).toBe(200);
    const documents = (await store.call("/api/documents", { token: customer.accessToken })).body;
    const receipt = documents.find((document: { kind: string }) => document.kind === "refund_receipt");
    expect(receipt).toMatchObject({ sourceId: answer.body.withdrawalId, orderNumber: null, total: 12 });
    const path = `/api/balance/withdrawals/${answer.body.withdrawalId}/receipt`;
    for (const lang of ["en", "es"]) expect((await store.call(`${path}?lang=${lang}`, { token: customer.accessToken })).status).toBe(200);
    expect((await store.call(`${path}?lang=fr`, { token: customer.accessToken })).status).toBe(400);
    const spanish = pdfText((await store.services.documents.pdfFor(customer.userId, "refund_receipt", answer.body.withdrawalId)).content);
    const english = pdfText((await store.services.documents.pdfFor(customer.userId, "refund_receipt", answer.body.withdrawalId, "en")).content);
    for (const expected of ["Recibo de devolución", receipt.number, "Devolución a tu pago del"]) expect(spanish).toContain(expected);
    for (const expected of ["Refund receipt", receipt.number, "Back to your payment of"]) expect(english).toContain(expected);
    expect(english).not.toContain("Devolución a tu pago");
  });

  it("refuses more than can be withdrawn, a bad amount and a balance nothing can be paid back to, in the customer's language", async () => {
    const customer = await registerCustomer(store);
    const nothing = await withdraw(customer, 5, "es");
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual({
      status: 400,
      title: "Se produjeron uno o más errores de validación.",
      errors: { "": ["No tienes saldo en EUR que se pueda devolver a un pago."] },
    });
    await topUp(customer, 12.5);
    // A goodwill credit can be spent but is not paid out.
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: customer.userId, currency: "EUR", amount: 500, kind: "adjustment", reference: "goodwill" }),
    );
    const tooMuch = await withdraw(customer, 13);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({ amount: ["You can withdraw at most €12.50."] });
    expect((await withdraw(customer, 13, "es")).body.errors).toEqual({ amount: ["Puedes retirar como máximo 12,50\u00a0€."] });
    expect((await withdraw(customer, 0)).body.errors).toEqual({ amount: ["Enter an amount greater than zero."] });
    expect((await withdraw(customer, -3)).body.errors).toEqual({ amount: ["Enter an amount greater than zero."] });
    expect((await withdraw(customer, 1.234)).body.errors).toEqual({ amount: ["Use at most two decimals."] });
    expect((await balanceOf(customer)).balance).toBe(17.5);
  });

});

describe("withdrawals at once, and refunds that end more than once", () => {
  it("never pays out more than the balance, however many withdrawals arrive at once", async () => {
    const customer = await registerCustomer(store);
    await topUp(customer, 30);
    await topUp(customer, 20);
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(customer, 15)));
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    const after = await balanceOf(customer);
    expect(after.balance).toBe(5);
    expect(after.withdrawable).toBe(5);
    const refunds = await store.db.kysely.selectFrom("withdrawal_refunds").select(["deposit_id", "amount"]).where("user_id", "=", customer.userId).execute();
    const perDeposit = new Map<string, number>();
    for (const refund of refunds) perDeposit.set(refund.deposit_id, (perDeposit.get(refund.deposit_id) ?? 0) + refund.amount);
    expect([...perDeposit.values()].sort()).toEqual([2000, 2500]);
  });

  it("settles each refund once however often the provider says so, and puts a refused one back on the balance once", async () => {
    const customer = await registerCustomer(store);
    await topUp(customer, 40);
    const answer = await withdraw(customer, 10);
    const [refund] = await store.db.kysely.selectFrom("withdrawal_refunds").selectAll().where("withdrawal_id", "=", answer.body.withdrawalId).execute();
    const { withdrawals } = store.services;
    expect(await Promise.all(Array.from({ length: 5 }, () => withdrawals.settleRefund(refund!.id, "succeeded")))).toEqual(Array(5).fill("unchanged"));
    expect(await withdrawals.settleRefund(refund!.id, "failed")).toBe("unchanged");
    expect((await balanceOf(customer)).balance).toBe(30);

    // A refund the provider refuses later: its part returns to the balance with a ledger line, exactly once.
    const pending = await withdraw(customer, 5);
    const [part] = await store.db.kysely.selectFrom("withdrawal_refunds").selectAll().where("withdrawal_id", "=", pending.body.withdrawalId).execute();
    await store.db.kysely.updateTable("withdrawal_refunds").set({ status: "pending", settled_at: null }).where("id", "=", part!.id).execute();
    clock.advance(60_000); // the provider refuses it a minute later
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => withdrawals.settleRefund(part!.id, "failed")));
    expect(outcomes.filter((outcome) => outcome === "settled")).toHaveLength(1);
    const after = await balanceOf(customer);
    expect(after.balance).toBe(30);
    expect(after.transactions[0]).toMatchObject({ kind: "withdrawal_returned", amount: 5, reference: pending.body.withdrawalId });
  });
});
