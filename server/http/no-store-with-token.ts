import type { FastifyInstance } from "fastify";

/**
 * An answer to a request that carries an access token is about that account: no browser or proxy may keep it,
 * whatever the route set (`Cache-Control: no-store`).
 */
export function registerNoStoreWithToken(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.headers.authorization) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
