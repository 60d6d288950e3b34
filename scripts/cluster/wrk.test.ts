import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import { describe, expect, it } from "vitest";
import { luaList, luaString, runWrk, WRK } from "./wrk";

describe("the wrk script", () => {
  it("writes tokens as a Lua table and strings as Lua literals", () => {
    expect(luaList(["a.b", "c"])).toBe('{ "a.b", "c" }');
    expect(luaList([])).toBe("{  }");
    expect(luaString('{"say":"a \\\\ b"}\n')).toBe('"{\\"say\\":\\"a \\\\\\\\ b\\"}\\010"');
  });

  it.skipIf(!fs.existsSync(WRK))("makes wrk send the POST it describes, with each bearer token in turn (not its default GET /)", async () => {
    const seen: Array<{ method: string; url: string; auth: string; body: string }> = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        seen.push({ method: request.method ?? "", url: request.url ?? "", auth: request.headers.authorization ?? "", body });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const body = { currency: "EUR", brief: { topic: 'Say "hi"' } };
      const result = await runWrk(base, { method: "POST", path: "/api/orders", body, tokens: ["token-a", "token-b"] }, { seconds: 1, connections: 2 });
      expect(result.failures).toBe(0);
      expect(seen.length).toBeGreaterThan(10);
      expect(new Set(seen.map((request) => `${request.method} ${request.url}`))).toEqual(new Set(["POST /api/orders"]));
      expect(new Set(seen.map((request) => request.body))).toEqual(new Set([JSON.stringify(body)]));
      expect(new Set(seen.map((request) => request.auth))).toEqual(new Set(["Bearer token-a", "Bearer token-b"]));
    } finally {
      server.close();
    }
  });
});
