import type { FastifyInstance } from "fastify";

/**
 * While the server closes, answers still in flight end their connection (`Connection: close`) and idle keep-alive
 * sockets are dropped as each one finishes, so a browser's open connection cannot hold the stop until it is forced.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  app.addHook("onResponse", async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
