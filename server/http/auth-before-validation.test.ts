import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, type TestCustomer } from "../test/accounts";
import { startTestStore, type TestStore } from "../test/test-store";

type Spec = { paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>> };
let store: TestStore;
let customer: TestCustomer;
let spec: Spec;
beforeAll(async () => {
  store = await startTestStore();
  customer = await registerCustomer(store);
  // The document a client reads (built on its first request, server/http/openapi-docs.ts).
  spec = (await store.call<Spec>("/api/docs/json")).body;
});
afterAll(() => store.close());

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
}

/** Every operation the OpenAPI document says needs a bearer token, with a bad query (and, below, a bad body). */
function securedOperations(): Operation[] {
  return Object.entries(spec.paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => (operation.security ?? []).length > 0)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Nonsense query values fail every querystring schema.
        path: `${template.replace(/\{[^}]+\}/g, "x")}?limit=-1&from=not-a-date&status=nonsense&cursor=%00`,
        hasBody: operation.requestBody !== undefined,
      })),
  );
}

const badCall = (operation: Operation, token?: string) =>
  store.call(operation.path, { method: operation.method, token, ...(operation.method === "GET" ? {} : { raw: JSON.stringify({ notAField: [1], email: 12 }) }) });

describe("a guarded route checks who calls before it validates what is sent", () => {
  it("finds the guarded routes, staff ones among them, in the OpenAPI document", () => {
    const operations = securedOperations();
    expect(operations.filter((operation) => operation.path.startsWith("/api/admin/")).length).toBeGreaterThanOrEqual(30);
    expect(operations.filter((operation) => operation.hasBody).length).toBeGreaterThanOrEqual(20);
  });

  it("answers 401 to a bad request without a token, on every guarded route, in the contract's shape", async () => {
    const answers = [];
    for (const operation of securedOperations()) answers.push(`${operation.method} ${operation.path.split("?")[0]} ${(await badCall(operation)).status}`);
    expect(answers.filter((answer) => !answer.endsWith(" 401"))).toEqual([]);
    const sample = await badCall(securedOperations().find((operation) => operation.path.startsWith("/api/admin/staff/invitations"))!);
    expect(sample.body).toMatchObject({ status: 401 });
    expect(sample.body.errors).toBeUndefined();
  });

  it("answers 403 to a bad request with a customer's token, on every staff route", async () => {
    const answers = [];
    for (const operation of securedOperations().filter((each) => each.path.startsWith("/api/admin/"))) {
      answers.push(`${operation.method} ${operation.path.split("?")[0]} ${(await badCall(operation, customer.accessToken)).status}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(" 403"))).toEqual([]);
  });
});

describe("a guard given as a later hook", () => {
  it("stops the start, naming the route", async () => {
    const { default: fastify } = await import("fastify");
    const { registerAuth } = await import("./auth");
    const app = fastify();
    registerAuth(app, { verify: async () => null } as never);
    expect(() => app.post("/late", { preHandler: app.requireUser }, async () => "ok")).toThrow("POST /late: give the auth guard as onRequest, not preHandler");
    expect(() => app.post("/early", { onRequest: app.requireRole("admin") }, async () => "ok")).not.toThrow();
    await app.close();
  });
});
