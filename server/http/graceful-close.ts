import type { FastifyInstance } from "fastify";
import { ApiError } from "./api-error";

/** Seconds a client is told to wait (`Retry-After`) when it reaches a store that is stopping. */
const RETRY_AFTER_SECONDS = 5;

/**
 * While the server closes, answers still in flight end their connection (`Connection: close`) and idle keep-alive
 * sockets are dropped as each one finishes, so a browser's open connection cannot hold the stop until it is forced.
 * A request that still arrives on a busy connection gets a 503 in the contract's shape with `Retry-After`.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", (_request, _reply, done) => {
    if (closing) return done(new ApiError(503, undefined, { key: "detail.503" }, { "retry-after": String(RETRY_AFTER_SECONDS) }));
    done();
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
