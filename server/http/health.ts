import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database";
import { DomainError } from "../platform/domain-error";
import type { Readiness } from "../platform/readiness";

/** Paths that answer while the store is still starting (a balancer or scraper asks them before anything else). */
const ALWAYS_ANSWERED = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: migrated, not draining, and the database
 * answers). Until the store is ready (migrations running), every other request gets the contract's 503.
 */
export function registerHealth(app: FastifyInstance, db: Db, readiness: Readiness): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (readiness.state === "starting" && !ALWAYS_ANSWERED.has(request.url)) {
      return done(new DomainError("unavailable", { detail: { key: "detail.503" }, retryAfterSeconds: 2 }));
    }
    done();
  });
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const state = readiness.state;
    const database = state === "ready" ? await db.ping() : false;
    const ok = state === "ready" && database;
    return reply.status(ok ? 200 : 503).header("cache-control", "no-store").send({ status: ok ? "ok" : "unavailable", state, database });
  });
}
