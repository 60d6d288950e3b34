import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database";

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers too). */
export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const database = await db.ping();
    return reply.status(database ? 200 : 503).send({ status: database ? "ok" : "unavailable", database });
  });
}
