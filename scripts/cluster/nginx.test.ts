import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/test/free-port";
import { hasNginx } from "../../server/test/nginx";
import { PROXY_RULES, RETRY_MAP, startNginx, type NginxProxy } from "./nginx";

const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean).join("\n");

describe("the proxy rules", () => {
  it("are the same in deploy/nginx.conf as in the cluster's nginx", () => {
    const deployed = lines(fs.readFileSync(path.join(import.meta.dirname, "..", "..", "deploy", "nginx.conf"), "utf8"));
    expect(deployed).toContain(lines(RETRY_MAP));
    expect(deployed).toContain(lines(PROXY_RULES));
  });
});

/** An instance that answers every request with `status`, naming itself and the body it received. */
async function instance(name: string, status: number): Promise<{ port: number; server: http.Server }> {
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ name, body })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, server };
}

describe.skipIf(!hasNginx)("nginx in front of a stopping instance, a busy one and a ready one", () => {
  let proxy: NginxProxy;
  let dir: string;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-nginx-rules-"));
    const busy = await instance("busy", 503);
    const ready = await instance("ready", 200);
    servers.push(busy.server, ready.server);
    // A port nothing listens on: an instance that stopped or has not started listening yet.
    const gone = await freePort();
    proxy = await startNginx(dir, await freePort(), [gone, busy.port, ready.port]);
  }, 30_000);

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = async (method: string, pathname: string, headers: Record<string, string> = {}) => {
    const response = await fetch(proxy.url + pathname, { method, headers: { "content-type": "application/json", ...headers }, body: method === "POST" ? '{"order":1}' : undefined });
    return { status: response.status, body: (await response.json()) as { name: string; body: string } };
  };

  it("sends a GET, and an order POST with an Idempotency-Key, on to the ready instance, body and all", async () => {
    for (let i = 0; i < 6; i++) {
      expect((await send("GET", "/api/prices")).status).toBe(200);
      const keyed = await send("POST", "/api/orders", { "idempotency-key": `key-${i}` });
      expect(keyed).toEqual({ status: 200, body: { name: "ready", body: '{"order":1}' } });
    }
  });

  it("never answers 502 for a refused connection, but passes on a 503 to a POST another instance could not safely repeat", async () => {
    const plain: number[] = [];
    const otherKeyed: number[] = [];
    for (let i = 0; i < 6; i++) {
      plain.push((await send("POST", "/api/orders")).status);
      otherKeyed.push((await send("POST", "/api/balance/deposit", { "idempotency-key": `key-${i}` })).status);
    }
    expect(new Set([...plain, ...otherKeyed])).toEqual(new Set([200, 503]));
  });
});
