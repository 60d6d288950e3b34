import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema } from "../../contract/errors";
import { rawRequest } from "../test/raw-http";
import { startTestStore, type TestStore } from "../test/test-store";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({}, { listen: true });
});
afterAll(() => store?.close());

describe("errors raised before any route runs", () => {
  it("answers a bad percent-encoding in the contract's shape, translated, without echoing the path", async () => {
    const answer = await store.call("/api/orders/%ff/result", { headers: { "accept-language": "es" } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(problemSchema.parse(answer.body)).toEqual({
      status: 400,
      title: "Se produjeron uno o más errores de validación.",
      errors: { "": ["La dirección no es válida."] },
    });
    expect(JSON.stringify(answer.body)).not.toContain("%ff");
  });

  it("answers a path parameter over the length limit in the contract's shape", async () => {
    const answer = await store.call(`/api/orders/${"a".repeat(500)}/result`);
    expect(answer.status).toBe(404);
    expect(problemSchema.parse(answer.body)).toMatchObject({ status: 404, title: "Not Found" });
    expect(JSON.stringify(answer.body)).not.toContain("aaaa");
  });
});

describe("requests Node's parser refuses", () => {
  it.each([
    ["a control character in a header", "GET /api/prices HTTP/1.1\r\nHost: x\r\nX-Evil: a\u0001<script>\r\n\r\n"],
    ["a broken request line", "GET /<script> HTTP/9.9 junk\r\n\r\n"],
    ["a header without a colon", "GET / HTTP/1.1\r\nHost: x\r\n<script>\r\n\r\n"],
  ])("answers %s with a 400 in the contract's shape, echoing nothing", async (_name, request) => {
    const answer = await rawRequest(store.url, request);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(problemSchema.parse(JSON.parse(answer.body))).toEqual({
      status: 400,
      title: "One or more validation errors occurred.",
      errors: { "": ["The request could not be read."] },
    });
    expect(answer.body).not.toContain("<script>");
  });

  it("answers headers over Node's size limit with a 431 in the contract's shape", async () => {
    const answer = await rawRequest(store.url, `GET /api/prices HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(problemSchema.parse(JSON.parse(answer.body))).toMatchObject({ status: 431, title: "Request Header Fields Too Large" });
    expect(answer.body).not.toContain("bbbb");
  });
});
