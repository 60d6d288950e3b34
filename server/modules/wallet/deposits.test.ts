import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { registerCustomer, type TestCustomer } from "../../test/accounts";

let store: TestStore;
let ada: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({ PUBLIC_URL: "https://store.example" });
  ada = await registerCustomer(store);
  bob = await registerCustomer(store);
});
afterAll(() => store.close());

const billing = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  businessName: "",
  country: "GB",
  city: "London",
  address1: "12 St James's Square",
  state: "",
  zipCode: "SW1Y 4JH",
  agreedToPP_TOS: true,
};

const deposit = (customer: TestCustomer, fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  store.post("/api/balance/deposit", { ...billing, depositAmount: 49.9, currency: "EUR", ...fields }, { token: customer.accessToken, headers });

async function pendingDeposit(customer: TestCustomer, fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await deposit(customer, fields);
  expect(answer.status).toBe(200);
  return answer.body.depositId;
}

const complete = (customer: TestCustomer, depositId: string, outcome: "paid" | "declined") =>
  store.post(`/api/payments/sandbox/${depositId}/complete`, { outcome }, { token: customer.accessToken });

const balance = (customer: TestCustomer, currency = "EUR") => store.post("/api/balance", { currency }, { token: customer.accessToken });

describe("POST /api/balance/deposit", () => {
  it("names every wrong field in one 400", async () => {
    const answer = await store.post(
      "/api/balance/deposit",
      {
        firstName: " ",
        email: "not-an-email",
        country: "XX",
        city: "",
        address1: "",
        zipCode: "",
        agreedToPP_TOS: false,
        depositAmount: 10.555,
        currency: "JPY",
        tip: 1,
      },
      { token: ada.accessToken },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.title).toBe("One or more validation errors occurred.");
    const errors = answer.body.errors;
    expect(Object.keys(errors).sort()).toEqual(
      ["address1", "agreedToPP_TOS", "city", "country", "currency", "depositAmount", "email", "firstName", "lastName", "tip", "zipCode"].sort(),
    );
    expect(errors.firstName).toEqual(["This field is required."]);
    expect(errors.lastName).toEqual(["This field is required."]);
    expect(errors.email).toEqual(["Enter a valid email address."]);
    expect(errors.country).toHaveLength(1);
    expect(errors.agreedToPP_TOS).toEqual(["Please accept to continue."]);
    expect(errors.depositAmount).toEqual(["Use at most two decimals."]);
    expect(errors.currency).toEqual(["Choose one of: EUR, USD, GBP."]);
    expect(errors.tip).toEqual(["Unknown field."]);
  });

  it("keeps the amount within the configured limits, named as money in the deposit's currency and the asked language", async () => {
    const range = ["Enter an amount from €5.00 to €10,000.00."];
    expect((await deposit(ada, { depositAmount: 4.99 })).body.errors).toEqual({ depositAmount: range });
    expect((await deposit(ada, { depositAmount: 10000.01 })).body.errors).toEqual({ depositAmount: range });
    expect((await deposit(ada, { depositAmount: 0 })).body.errors).toEqual({ depositAmount: range });
    expect((await deposit(ada, { depositAmount: -20 })).body.errors).toEqual({ depositAmount: range });
    expect((await deposit(ada, { depositAmount: 1, currency: "GBP" })).body.errors).toEqual({ depositAmount: ["Enter an amount from £5.00 to £10,000.00."] });
    expect((await deposit(ada, { depositAmount: "20" })).body.errors).toEqual({ depositAmount: ["Expected number."] });
    const spanish = await deposit(ada, { depositAmount: 1 }, { "accept-language": "es" });
    expect(spanish.body.errors).toEqual({ depositAmount: ["Introduce un importe de 5,00\u00a0€ a 10.000,00\u00a0€."] });
    expect((await deposit(ada, { depositAmount: 5 })).status).toBe(200);
    expect((await deposit(ada, { depositAmount: 10000 })).status).toBe(200);
  });

  it("accepts an empty or missing business name and state", async () => {
    const { businessName: _b, state: _s, ...required } = billing;
    const answer = await store.post("/api/balance/deposit", { ...required, depositAmount: 20, currency: "USD" }, { token: ada.accessToken });
    expect(answer.status).toBe(200);
  });

  it("needs a signed-in customer", async () => {
    const answer = await store.post("/api/balance/deposit", { ...billing, depositAmount: 20, currency: "EUR" });
    expect(answer.status).toBe(401);
  });

  it("answers a pending deposit and the sandbox page to pay it, in the customer's language", async () => {
    const english = await deposit(ada);
    expect(english.body).toEqual({
      depositId: expect.any(String),
      status: "pending",
      paymentUrl: `https://store.example/checkout/sandbox?deposit=${english.body.depositId}`,
    });
    const spanish = await deposit(ada, {}, { "accept-language": "es-ES" });
    expect(spanish.body.paymentUrl).toBe(`https://store.example/es/checkout/sandbox?deposit=${spanish.body.depositId}`);
    const details = await store.call(`/api/balance/deposits/${english.body.depositId}`, { token: ada.accessToken });
    expect(details.body).toEqual({ depositId: english.body.depositId, amount: 49.9, currency: "EUR", status: "pending", createdAt: expect.any(String) });
  });
});

/** The deposit receipts mailed to an address (its welcome mail left out). */
const receipts = async (to: string) => (await store.services.mail.list({ to })).filter((mail) => !/Welcome|Bienvenid/.test(mail.subject));

describe("sandbox payment", () => {
  it("shows the deposit to pay, and paying it credits the balance and mails a receipt", async () => {
    const customer = await registerCustomer(store);
    const depositId = await pendingDeposit(customer, { depositAmount: 120.5, currency: "GBP", email: "receipts@example.com" });
    const page = await store.call(`/api/payments/sandbox/${depositId}`, { token: customer.accessToken });
    expect(page.body).toEqual({ depositId, amount: 120.5, currency: "GBP", status: "pending" });
    const paid = await complete(customer, depositId, "paid");
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ depositId, status: "paid" });

    const answer = await balance(customer, "GBP");
    expect(answer.body).toEqual({
      currency: "GBP",
      balance: 120.5,
      transactions: [{ id: expect.any(String), kind: "deposit", amount: 120.5, createdAt: expect.any(String), reference: depositId }],
      withdrawable: 120.5, // all of it can go back to the payment it came from (issue 25)
      refundableDeposits: [{ depositId, depositedAt: expect.any(String), amount: 120.5 }],
    });
    expect((await balance(customer, "EUR")).body).toEqual({ currency: "EUR", balance: 0, transactions: [], withdrawable: 0, refundableDeposits: [] });
    // The receipt goes to the account's own address; the billing email the client typed is never mailed.
    expect(await store.services.mail.list({ to: "receipts@example.com" })).toEqual([]);
    const mails = await receipts(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("£120.50");
    // A receipt a person reads: the amount, the date in words and the balance; no raw id or ISO timestamp.
    expect(mails[0]!.text).toContain("Balance now: £120.50");
    expect(mails[0]!.text).toMatch(/Paid on: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
    expect(mails[0]!.text).not.toContain(depositId);
    expect(mails[0]!.html).toContain("£120.50");
  });

  it("mails the receipt in the language the deposit was made in", async () => {
    const customer = await registerCustomer(store);
    const answer = await deposit(customer, { email: "recibos@example.com" }, { "accept-language": "es" });
    await complete(customer, answer.body.depositId, "paid");
    const [mail] = await receipts(customer.email);
    expect(mail!.subject).toBe("Tu recarga de 49,90\u00a0€ ya está en tu saldo");
  });

  it("never credits a declined deposit", async () => {
    const customer = await registerCustomer(store);
    const depositId = await pendingDeposit(customer);
    expect((await complete(customer, depositId, "declined")).body).toEqual({ depositId, status: "declined" });
    expect((await complete(customer, depositId, "paid")).body).toEqual({ depositId, status: "declined" });
    expect((await balance(customer)).body.balance).toBe(0);
    const details = await store.call(`/api/balance/deposits/${depositId}`, { token: customer.accessToken });
    expect(details.body.status).toBe("declined");
  });

  it("credits once when the payment is confirmed 10 times in a row and 10 times at once", async () => {
    const customer = await registerCustomer(store);
    const sequential = await pendingDeposit(customer, { depositAmount: 10 });
    for (let i = 0; i < 10; i++) expect((await complete(customer, sequential, "paid")).body.status).toBe("paid");
    const concurrent = await pendingDeposit(customer, { depositAmount: 15 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => complete(customer, concurrent, "paid")));
    expect(answers.map((answer) => answer.body.status)).toEqual(Array(10).fill("paid"));
    const direct = await Promise.all(Array.from({ length: 10 }, () => store.services.deposits.confirmPaid(concurrent)));
    expect(direct).toEqual(Array(10).fill("unchanged"));

    const answer = await balance(customer);
    expect(answer.body.balance).toBe(25);
    expect(answer.body.transactions.map((entry: { reference: string }) => entry.reference).sort()).toEqual([sequential, concurrent].sort());
    expect(await receipts(customer.email)).toHaveLength(2);
  });

  it("answers 404, never 500, for a deposit id that is not an id at all, on every database", async () => {
    const customer = await registerCustomer(store);
    for (const id of ["%00", "%00abc", "x".repeat(100), "%C3%A9"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await store.call(`/api/payments/sandbox/${id}`, { method, token: customer.accessToken });
        expect(answer.status).toBe(404);
      }
      expect((await store.call(`/api/balance/deposits/${id}`, { token: customer.accessToken })).status).toBe(404);
    }
  });

  it("answers 404 for another customer's deposit or one that does not exist", async () => {
    const depositId = await pendingDeposit(ada);
    expect((await store.call(`/api/payments/sandbox/${depositId}`, { token: bob.accessToken })).status).toBe(404);
    expect((await complete(bob, depositId, "paid")).status).toBe(404);
    expect((await store.call(`/api/balance/deposits/${depositId}`, { token: bob.accessToken })).status).toBe(404);
    expect((await store.call("/api/payments/sandbox/no-such-deposit", { token: ada.accessToken })).status).toBe(404);
    expect((await store.call(`/api/balance/deposits/${depositId}`, { token: ada.accessToken })).body.status).toBe("pending");
  });

  it("refuses an outcome other than paid or declined", async () => {
    const depositId = await pendingDeposit(ada);
    const answer = await store.post(`/api/payments/sandbox/${depositId}/complete`, { outcome: "refunded" }, { token: ada.accessToken });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(["outcome"]);
  });
});

describe("balances", () => {
  it("always equal the sum of their ledger", async () => {
    // Its own movements, so the check holds whatever else ran (or did not) in this file: deposits paid in two
    // currencies, one declined and one confirmed twice, none of which may leave a balance apart from its ledger.
    const customer = await registerCustomer(store);
    const euros = await pendingDeposit(customer, { depositAmount: 30 });
    expect((await complete(customer, euros, "paid")).status).toBe(200);
    expect((await complete(customer, euros, "paid")).status).toBe(200);
    const pounds = await pendingDeposit(customer, { depositAmount: 12.5, currency: "GBP" });
    expect((await complete(customer, pounds, "paid")).status).toBe(200);
    const declined = await pendingDeposit(customer, { depositAmount: 40 });
    expect((await complete(customer, declined, "declined")).status).toBe(200);
    expect((await balance(customer)).body.balance).toBe(30);
    expect((await balance(customer, "GBP")).body.balance).toBe(12.5);
    const sums = await store.db.kysely
      .selectFrom("ledger_entries")
      .select(["user_id", "currency", sql<number>`sum(amount)`.as("total")])
      .groupBy(["user_id", "currency"])
      .execute();
    const balances = await store.db.kysely.selectFrom("balances").select(["user_id", "currency", "amount"]).execute();
    expect(balances.length).toBeGreaterThan(0);
    const key = (row: { user_id: string; currency: string }) => `${row.user_id}/${row.currency}`;
    expect(new Map(sums.map((row) => [key(row), Number(row.total)]))).toEqual(new Map(balances.map((row) => [key(row), row.amount])));
  });
});

describe("configured deposit limits", () => {
  it("follow DEPOSIT_MIN and DEPOSIT_MAX", async () => {
    const limited = await startTestStore({ DEPOSIT_MIN: "20", DEPOSIT_MAX: "500" });
    try {
      const customer = await registerCustomer(limited);
      const send = (depositAmount: number) =>
        limited.post("/api/balance/deposit", { ...billing, depositAmount, currency: "EUR" }, { token: customer.accessToken });
      expect((await send(19.99)).body.errors).toEqual({ depositAmount: ["Enter an amount from €20.00 to €500.00."] });
      expect((await send(500.01)).body.errors).toEqual({ depositAmount: ["Enter an amount from €20.00 to €500.00."] });
      expect((await send(20)).status).toBe(200);
      expect((await send(500)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
