import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerRequestLog } from "./request-log";

/** A tiny app whose log lines are collected, answering `status` on /status/:code. */
async function logged(sample: number, random: () => number) {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    genReqId: () => "req-1",
  });
  app.get("/status/:code", async (request, reply) => reply.status(Number((request.params as { code: string }).code)).send({}));
  registerRequestLog(app, sample, random);
  await app.ready();
  const requestLines = () => lines.filter((line) => line.msg === "request" || line.msg === "request failed");
  return { app, requestLines };
}

describe("request log", () => {
  it("writes one JSON line per request with its id, route, status and time", async () => {
    const { app, requestLines } = await logged(1, () => 0.5);
    await app.inject("/status/200");
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 30, reqId: "req-1", method: "GET", url: "/status/200", route: "/status/:code", status: 200, ms: expect.any(Number) }),
    ]);
  });

  it("keeps the sampled share of ordinary lines and every server error", async () => {
    let next = 0;
    const draws = [0.05, 0.5, 0.95];
    const { app, requestLines } = await logged(0.1, () => draws[next++ % draws.length]!);
    for (let i = 0; i < 3; i++) await app.inject("/status/200");
    await app.inject("/status/503");
    await app.inject("/status/500");
    // A 503 (a dependency down, starting, draining) is expected in an outage: warn; any other 5xx is an error.
    expect(requestLines().map((line) => [line.status, line.level])).toEqual([
      [200, 30],
      [503, 40],
      [500, 50],
    ]);
  });

  it("writes nothing when the share is 0", async () => {
    const { app, requestLines } = await logged(0, () => 0);
    await app.inject("/status/500");
    expect(requestLines()).toEqual([]);
  });
});
