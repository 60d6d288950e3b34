import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "./support/server";

/** A POST whose body arrives in two parts: the request is in flight between `begin` and `finish`. */
function slowPost(url: string, path: string, body: string) {
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const request = http.request(url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }));
    });
    request.on("error", reject);
    request.write(body.slice(0, half));
    finish = () => request.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("graceful shutdown (SIGTERM)", () => {
  it("exits 0 on SIGTERM and stops listening", async () => {
    const server = await startServer();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it("finishes a request in flight before exiting", async () => {
    const server = await startServer();
    const slow = slowPost(server.url, "/api/prices", JSON.stringify({ currency: "USD" }));
    await pause(200);
    const stopped = server.stop();
    await pause(300);
    slow.finish();
    const answer = await slow.answer;
    const answered = Date.now();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ currency: "USD", items: expect.any(Array) });
    // The kept-alive connection is ended with the answer, so it does not hold the stop until it is forced.
    expect(answer.connection).toBe("close");
    expect(await stopped).toBe(0);
    expect(Date.now() - answered).toBeLessThan(2000);
  });
});
