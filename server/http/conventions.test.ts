import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../test/test-store";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ BODY_LIMIT_BYTES: "2048" });
});
afterAll(() => store.close());

describe("API conventions", () => {
  it("matches paths case-insensitively", async () => {
    const lower = await store.post("/api/prices", { currency: "EUR" });
    const mixed = await store.post("/api/PRICES", { currency: "EUR" });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual(lower.body);
  });

  it("answers malformed JSON with a general 400 message", async () => {
    const answer = await store.call("/api/prices", { method: "POST", raw: '{"currency": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ "": ["The request body is not valid JSON."] });
  });

  it("names missing, mistyped and unknown fields", async () => {
    const missing = await store.post("/api/prices", {});
    expect(missing.body.errors).toEqual({ currency: ["This field is required."] });
    const mistyped = await store.post("/api/prices", { currency: 12 });
    expect(mistyped.status).toBe(400);
    expect(Object.keys(mistyped.body.errors)).toEqual(["currency"]);
    const unknown = await store.post("/api/prices", { currency: "EUR", price: 1 });
    expect(unknown.body.errors).toEqual({ price: ["Unknown field."] });
  });

  it("refuses a body over the limit with 413 in the contract shape", async () => {
    const answer = await store.post("/api/prices", { currency: "EUR", padding: "x".repeat(5000) });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: 413, title: "Payload Too Large" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const answer = await store.call("/api/nothing-here", { headers: { "accept-language": "es" } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ status: 404, title: "No encontrado", detail: "Aquí no hay nada." });
  });

  it("sends security headers and a request id on every answer", async () => {
    const answer = await store.post("/api/prices", { currency: "EUR" });
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
  });

  it("reports liveness and readiness", async () => {
    expect((await store.call("/healthz")).body).toEqual({ status: "ok" });
    expect((await store.call("/readyz")).body).toEqual({ status: "ok", state: "ready", dependencies: { database: "up" } });
  });

  it("documents the API as OpenAPI generated from the schemas", async () => {
    const answer = await store.call("/api/docs/json");
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\./);
    expect(answer.body.paths["/api/prices"].post.requestBody.content["application/json"].schema.properties.currency.enum).toEqual([
      "EUR",
      "USD",
      "GBP",
    ]);
  });
});
