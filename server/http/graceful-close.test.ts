import net from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "./error-handler";
import { registerGracefulClose } from "./graceful-close";
import { registerLocale } from "./locale";

describe("a request that arrives while the server closes", () => {
  it("is answered (a connection accepted before the stop is finished, never refused with 503), and its connection is closed", async () => {
    const app = Fastify({ logger: false, return503OnClosing: false });
    registerLocale(app);
    registerErrorHandler(app);
    registerGracefulClose(app);
    // Runs after the graceful-close hook registered above: from then on the store counts as stopping.
    let stopping!: () => void;
    const stopped = new Promise<void>((resolve) => (stopping = resolve));
    app.addHook("preClose", async () => stopping());
    app.get("/prices", async () => ({ items: [] }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;

    // The request is on the wire when the stop begins: its headers are finished only afterwards.
    const accepted = new Promise((resolve) => app.server.once("connection", resolve));
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write("GET /prices HTTP/1.1\r\nHost: localhost\r\n");
    await accepted;
    const closed = app.close();
    await stopped;
    socket.write("Accept-Language: es\r\n\r\n");
    await Promise.all([ended, closed]);

    const [head, body] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head!.toLowerCase()).toContain("connection: close");
    expect(JSON.parse(body!)).toEqual({ items: [] });
    // The listener is closed: a new connection is refused (a proxy sends that request to another instance).
    const refused = await new Promise<string>((resolve) => net.connect(port, "127.0.0.1").once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "")).once("connect", () => resolve("connected")));
    expect(refused).toBe("ECONNREFUSED");
  });
});
