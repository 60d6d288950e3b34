import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const update = (token: string, body: unknown, language = "en") =>
  store.post("/api/accounts/update", body, { token, headers: { "accept-language": language } });

const fields = {
  firstName: "Marta",
  lastName: "Ruiz",
  country: "MX",
  company: "Ruiz Consulting",
  city: "Monterrey",
  zipCode: "64000",
  address: "Av. Constitución 100",
};

describe("GET /api/Accounts/profile", () => {
  it("answers the signed-in customer's profile with exactly the contract's fields (no billing details before any are used)", async () => {
    const customer = await registerCustomer(store, { firstName: "Pia", lastName: "Berg", country: "SE" });
    const answer = await store.call("/api/Accounts/profile", { token: customer.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: customer.userId,
      email: customer.email,
      firstName: "Pia",
      lastName: "Berg",
      country: "SE",
      company: "",
      city: "",
      zipCode: "",
      address: "",
      role: "customer",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      billing: null,
    });
  });

  it("needs an access token", async () => {
    const answer = await store.call("/api/Accounts/profile");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 401, title: "Unauthorized" });
  });
});

describe("POST /api/accounts/update", () => {
  it("stores the trimmed fields and answers the updated profile", async () => {
    const customer = await registerCustomer(store);
    const answer = await update(customer.accessToken, { ...fields, firstName: "  Marta ", country: "mx", city: " Monterrey " });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...fields, id: customer.userId, email: customer.email, role: "customer" });
    const again = await store.call("/api/Accounts/profile", { token: customer.accessToken });
    expect(again.body).toEqual(answer.body);
  });

  it("lets the optional fields be emptied", async () => {
    const customer = await registerCustomer(store);
    await update(customer.accessToken, fields);
    const answer = await update(customer.accessToken, { ...fields, company: "", city: "", zipCode: "", address: "" });
    expect(answer.body).toMatchObject({ company: "", city: "", zipCode: "", address: "" });
  });

  it("names every wrong field and changes nothing", async () => {
    const customer = await registerCustomer(store, { firstName: "Kept" });
    const answer = await update(customer.accessToken, {
      ...fields,
      firstName: " ",
      country: "Spain",
      zipCode: "1".repeat(21),
      address: "a".repeat(301),
      email: "new@example.com",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: ["This field is required."],
      country: ["Choose a country from the list."],
      zipCode: ["Use at most 20 characters."],
      address: ["Use at most 300 characters."],
      email: ["Unknown field."],
    });
    expect((await store.call("/api/Accounts/profile", { token: customer.accessToken })).body.firstName).toBe("Kept");
  });

  it("answers validation errors in Spanish", async () => {
    const customer = await registerCustomer(store);
    const answer = await update(customer.accessToken, { ...fields, lastName: "", country: "XX" }, "es");
    expect(answer.body.errors).toEqual({ lastName: ["Este campo es obligatorio."], country: ["Elige un país de la lista."] });
  });

  it("needs an access token", async () => {
    expect((await store.post("/api/accounts/update", fields)).status).toBe(401);
  });
});
