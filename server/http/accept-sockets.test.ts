import { spawnSync } from "node:child_process";
import net from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCEPT_SOCKETS, listenOnSockets } from "./accept-sockets";
import { registerGracefulClose } from "./graceful-close";

const HOST = "127.0.0.1";
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

function storeApp(): FastifyInstance {
  app = Fastify({ logger: false, return503OnClosing: false });
  registerGracefulClose(app);
  app.get("/", async () => ({ ok: true }));
  return app;
}

const portOf = (server: FastifyInstance) => (server.server.address() as net.AddressInfo).port;

/** What a client sees when it connects: "connected", or the error's code. */
const connectTo = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, HOST);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });

/** One raw HTTP/1.1 request; resolves with all the server sent once it closes the connection. */
function rawRequest(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.once("error", reject);
    socket.once("close", () => resolve(received));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

describe("the store's listening sockets (Linux: SO_REUSEPORT)", () => {
  it("accept many connections in one turn of a busy event loop, where one socket takes one connection a turn", async () => {
    const server = storeApp();
    await listenOnSockets(server, { port: 0, host: HOST }, ACCEPT_SOCKETS);
    const port = portOf(server);
    let turn = 0;
    let counting = true;
    const nextTurn = () => {
      turn++;
      if (counting) setImmediate(nextTurn);
    };
    setImmediate(nextTurn);
    const turns: number[] = [];
    server.server.on("connection", () => turns.push(turn));
    const connections = 32;
    // The event loop is held while another process opens its connections: the kernel queues them all, as it does
    // while a busy store renders, and the store accepts them afterwards.
    const client = spawnSync(
      process.execPath,
      ["-e", `let open = 0; for (let i = 0; i < ${connections}; i++) require("node:net").connect(${port}, "${HOST}").on("connect", () => { if (++open === ${connections}) process.exit(0); });`],
      { timeout: 30_000 },
    );
    expect(client.status).toBe(0);
    await vi.waitFor(() => expect(turns).toHaveLength(connections), { timeout: 30_000, interval: 5 });
    counting = false;
    const turnsTaken = new Set(turns).size;
    // One socket would take 32 turns; the kernel shares the connections out among the 16 sockets.
    expect(turnsTaken).toBeLessThan(connections / 2);
    expect(await connectTo(port)).toBe("connected");
  });

  it("refuse a port another program listens on, as one socket would", async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      await expect(listenOnSockets(storeApp(), { port, host: HOST }, ACCEPT_SOCKETS)).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it("refuse a port another store listens on with its own sockets, rather than sharing its connections", async () => {
    const first = storeApp();
    await listenOnSockets(first, { port: 0, host: HOST }, ACCEPT_SOCKETS);
    const second = Fastify({ logger: false });
    await expect(listenOnSockets(second, { port: portOf(first), host: HOST }, ACCEPT_SOCKETS)).rejects.toMatchObject({ code: "EADDRINUSE" });
    await second.close();
  });

  it("finish every request in flight on any of them when the store closes, then refuse connections", async () => {
    const server = storeApp();
    const gate = () => {
      let open!: () => void;
      return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    // Fastify's own socket and the others each hold requests, answered at different times.
    const gates = { own: gate(), other: gate() };
    const connections = ACCEPT_SOCKETS * 3;
    const arrivedBy = { own: 0, other: 0 };
    const everyOne = gate();
    server.get("/slow", async (request) => {
      // Node's own accept sets `_server` (http sets `server` on every connection it is given).
      const by = (request.raw.socket as net.Socket & { _server?: unknown })._server === server.server ? "own" : "other";
      if (++arrivedBy[by] + arrivedBy[by === "own" ? "other" : "own"] === connections) everyOne.open();
      await gates[by].passed;
      return { by };
    });
    await listenOnSockets(server, { port: 0, host: HOST }, ACCEPT_SOCKETS);
    const port = portOf(server);
    const answers: string[] = [];
    const requests = Array.from({ length: connections }, () => rawRequest(port, "/slow").then((answer) => answers.push(answer)));
    await everyOne.passed;
    expect(arrivedBy.own).toBeGreaterThan(0);
    expect(arrivedBy.other).toBeGreaterThan(0);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    gates.own.open();
    await vi.waitFor(() => expect(answers).toHaveLength(arrivedBy.own), { timeout: 30_000, interval: 5 });
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    // Fastify's own socket has finished its requests; the close still waits for the others'.
    expect(closed).toBe(false);
    gates.other.open();
    await Promise.all([closing, ...requests]);
    app = undefined;

    expect(answers).toHaveLength(connections);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"by":"(own|other)"\}$/);
    expect(await connectTo(port)).toBe("ECONNREFUSED");
  });
});
