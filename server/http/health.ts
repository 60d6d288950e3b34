import type { FastifyInstance } from "fastify";
import type { DependencyChecks } from "../platform/dependency-checks";
import { DomainError } from "../platform/domain-error";
import type { Readiness } from "../platform/readiness";

/** Paths that answer while the store is still starting (a balancer or scraper asks them before anything else). */
const ALWAYS_ANSWERED = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: migrated, not draining, and every dependency
 * answers). `/readyz` names each dependency and its state, `{status, state, dependencies: {database: "up", …}}`,
 * and answers 503 when the store is not ready or any of them is down. Until the store is ready (migrations
 * running, or waiting for the database), every other request gets the contract's 503.
 */
export function registerHealth(app: FastifyInstance, dependencies: DependencyChecks, readiness: Readiness): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (readiness.state === "starting" && !ALWAYS_ANSWERED.has(request.url)) {
      return done(new DomainError("unavailable", { detail: { key: "detail.503" }, retryAfterSeconds: 2 }));
    }
    done();
  });
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const state = readiness.state;
    const states = await dependencies.states();
    const ok = state === "ready" && Object.values(states).every(Boolean);
    const named = Object.fromEntries(Object.entries(states).map(([name, up]) => [name, up ? "up" : "down"]));
    return reply
      .status(ok ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ok ? "ok" : "unavailable", state, dependencies: named });
  });
}
