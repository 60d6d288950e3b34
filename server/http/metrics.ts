import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "../platform/metrics";
import { DomainError } from "../platform/domain-error";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times and counts every answer by route pattern (never the raw URL, so the label set stays small) and serves them
 * at `/metrics` in Prometheus' text format. With METRICS_TOKEN the scraper sends `Authorization: Bearer <token>`;
 * without one the endpoint is open outside production and absent in production.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, options: { token?: string; open: boolean }): void {
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route !== "/metrics") metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (!options.token && !options.open) return;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (options.token && !sameToken(request.headers.authorization ?? "", `Bearer ${options.token}`)) {
      throw DomainError.unauthenticated();
    }
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.registry.metrics());
  });
}
