import type { FastifyInstance } from "fastify";

/**
 * While the server closes, the listener no longer accepts connections (a proxy retries a refused one elsewhere),
 * and every request it already holds is finished: one still in flight, and one that arrives on a connection accepted
 * before the close (nginx opens one per request, so refusing it would be a 503 a proxy never retries for a POST).
 * Each answer then ends its connection (`Connection: close`) and idle keep-alive sockets are dropped as each request
 * finishes, so a browser's open connection cannot hold the stop until it is forced.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
