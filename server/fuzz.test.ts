import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema } from "../contract/errors";
import { registerCustomer, registerStaff } from "./test/accounts";
import { startTestStore, type CallOptions, type TestStore } from "./test/test-store";

/**
 * Throws a few hundred generated bad bodies at every endpoint that takes one (read from the OpenAPI document, so
 * new endpoints are covered as they land): wrong types, missing and unknown fields, huge strings, nested junk,
 * arrays, null, text that is not JSON. No answer may be a 5xx, and every 4xx must have the contract's shape.
 */
const BODY_METHODS = ["post", "put", "patch"] as const;

interface Endpoint {
  method: string;
  path: string;
  fields: string[];
}

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>>;
};

let store: TestStore;
/** Who calls: anonymous callers mostly meet the guards; a customer and a staff user reach the validation. */
let callers: Array<{ name: string; token?: string; runs: number }>;
let endpoints: Endpoint[];

beforeAll(async () => {
  // Behind a trusted proxy every request comes from its own address, so rate limits don't hide the validation.
  store = await startTestStore({ TRUST_PROXY: "true", BODY_LIMIT_BYTES: "65536" });
  callers = [
    { name: "anonymous", runs: 20 },
    { name: "customer", token: (await registerCustomer(store)).accessToken, runs: 80 },
    { name: "staff", token: (await registerStaff(store)).accessToken, runs: 30 },
  ];
  const docs = (await store.call<OpenApi>("/api/docs/json")).body;
  endpoints = Object.entries(docs.paths).flatMap(([path, operations]) =>
    BODY_METHODS.filter((method) => operations[method]).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      fields: Object.keys(operations[method]!.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
    })),
  );
});
afterAll(() => store?.close());

const junkValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, 0.001, "", " ", "EUR", "a@b.co", [], {}, [null], { "": "" }),
  fc.string({ minLength: 1000, maxLength: 8000 }),
  fc.array(fc.string(), { maxLength: 50 }),
);

function badBody(fields: string[]): fc.Arbitrary<CallOptions> {
  const known = fields.length ? fields : ["value"];
  const objects = fc
    .tuple(
      fc.record(Object.fromEntries(known.map((field) => [field, junkValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 3 }),
    )
    .map(([some, extra]) => ({ body: { ...extra, ...some } }));
  return fc.oneof(
    { arbitrary: objects, weight: 6 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((body) => ({ body })), weight: 2 },
    { arbitrary: fc.string({ maxLength: 200 }).map((raw) => ({ raw })), weight: 2 },
    { arbitrary: fc.constantFrom("", "{", "[1,", '{"a":}', "null", "\u0000", '{"__proto__":{"x":1}}').map((raw) => ({ raw })), weight: 1 },
    { arbitrary: fc.constantFrom(...known).map((field) => ({ body: { [field]: "x".repeat(100_000) } })), weight: 1 },
    {
      arbitrary: fc.string({ maxLength: 50 }).map((raw) => ({ raw, headers: { "content-type": "text/plain" } })),
      weight: 1,
    },
  );
}

function shapeProblem(status: number, body: unknown): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  const parsed = problemSchema.safeParse(body);
  if (!parsed.success) return `${status} without the contract shape`;
  if (parsed.data.status !== status) return `${status} with status ${parsed.data.status} in the body`;
  if (status === 400 && Object.keys(parsed.data.errors ?? {}).length === 0) return "400 without field errors";
  return null;
}

describe("generated bad bodies", () => {
  it("finds the endpoints that take a body, prices and support tickets among them", () => {
    const paths = endpoints.map((endpoint) => endpoint.path.toLowerCase());
    expect(paths).toContain("/api/prices");
    expect(paths).toContain("/api/support/create-ticket");
  });

  it("names unknown fields even when they are called like Object.prototype's members", async () => {
    const answer = await store.post("/api/prices", { currency: "EUR", constructor: 1, valueOf: "x", toString: null });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ constructor: ["Unknown field."], valueOf: ["Unknown field."], toString: ["Unknown field."] });
  });

  it("never get a 5xx, and every 4xx has the contract shape", async () => {
    let address = 0;
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      for (const caller of callers) {
        const run = await fc.check(
          fc.asyncProperty(badBody(endpoint.fields), async (options) => {
            address++;
            const forwardedFor = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
            const headers = { "x-forwarded-for": forwardedFor, ...options.headers };
            const answer = await store.call(endpoint.path, { ...options, method: endpoint.method, token: caller.token, headers });
            const problem = shapeProblem(answer.status, answer.body);
            if (problem) throw new Error(`${problem}: ${JSON.stringify(answer.body).slice(0, 300)}`);
          }),
          { numRuns: caller.runs },
        );
        if (run.failed) {
          const sent = JSON.stringify(run.counterexample?.[0]).slice(0, 300);
          const why = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
          failures.push(`${endpoint.method} ${endpoint.path} (${caller.name}) ${why}; sent ${sent}; seed ${run.seed}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
