import net from "node:net";
import type { FastifyInstance, FastifyListenOptions } from "fastify";

/**
 * Listening sockets on the store's port (SO_REUSEPORT): the kernel shares new connections out among them. libuv
 * accepts one connection per listening socket per turn of the event loop (libuv 1.45, "don't accept() connections in
 * a loop"), and a busy turn serves every request already read first, so 50 connections opened at once to a busy store
 * waited up to ~1.5 s for their turn with one socket; with 16, each turn accepts up to 16 (issue 27, perf notes).
 */
export const ACCEPT_SOCKETS = 16;

/**
 * Node offers `reusePort` only where the kernel shares connections out (Linux among the systems the store runs on);
 * elsewhere (a laptop on macOS) the store listens on one socket, as before.
 */
const SHARED_SOCKETS = process.platform === "linux" ? ACCEPT_SOCKETS : 1;

/** Resolves once nothing listens on `port` for us to share with: another program's (or store's) port is refused. */
function refuseTakenPort(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function listenShared(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, reusePort: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Listens on `listen` with `sockets` listening sockets: Fastify's own server and `sockets - 1` more that hand each
 * connection to it, as one the server accepted. Closing the app closes them all, and its close waits for their
 * connections too (the requests in flight on them are finished, as on the server's own: http/graceful-close.ts).
 */
export async function listenOnSockets(app: FastifyInstance, listen: { port: number; host: string }, sockets = SHARED_SOCKETS): Promise<void> {
  if (sockets <= 1) {
    await app.listen(listen);
    return;
  }
  await refuseTakenPort(listen.port, listen.host);
  // Fastify hands its options to Node's listen as they are; its type does not name reusePort (Node 22.12+).
  const shared: FastifyListenOptions & Pick<net.ListenOptions, "reusePort"> = { ...listen, reusePort: true };
  await app.listen(shared);
  const server = app.server;
  const port = (server.address() as net.AddressInfo).port;
  const extra: net.Server[] = [];
  for (let index = 1; index < sockets; index++) {
    const acceptor = net.createServer({ noDelay: true }, (socket) => server.emit("connection", socket));
    extra.push(acceptor);
    await listenShared(acceptor, port, listen.host);
  }
  const closeServer = server.close.bind(server);
  server.close = (done?: (error?: Error) => void) => {
    const closing = extra.map((one) => new Promise<void>((resolve) => one.close(() => resolve())));
    closeServer((error) => void Promise.all(closing).then(() => done?.(error)));
    return server;
  };
}
