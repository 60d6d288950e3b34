import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Redis } from "ioredis";
import type { Db } from "../db/database";
import type { Metrics } from "../platform/metrics";
import type { Readiness } from "../platform/readiness";
import { registerErrorHandler } from "./error-handler";
import { registerGracefulClose } from "./graceful-close";
import { dependencyChecksFor } from "./dependencies";
import { registerHealth } from "./health";
import { registerLocale } from "./locale";
import { registerMetrics } from "./metrics";
import { requestIdOf } from "./request-id";

/**
 * The HTTP side of a `ROLE=worker` instance: only `/healthz`, `/readyz` and `/metrics` (for the supervisor's probes
 * and the scraper); every other path, `/api` included, is the contract's 404. No API, no pages, no rate limits.
 */
export async function buildWorkerApp(deps: { config: Config; db: Db; redis: Redis | null; metrics: Metrics; readiness: Readiness; logger?: boolean }): Promise<FastifyInstance> {
  const { config, db, redis, metrics, readiness, logger = true } = deps;
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY ?? false,
    genReqId: (request) => requestIdOf(request.headers, Boolean(config.TRUST_PROXY)),
    return503OnClosing: false,
  });
  registerLocale(app);
  registerErrorHandler(app);
  registerMetrics(app, metrics, { token: config.METRICS_TOKEN, open: !config.isProduction });
  registerGracefulClose(app);
  // What a worker's jobs need: the database, and Redis when configured.
  const dependencies = dependencyChecksFor({ db, redis });
  metrics.watchDependencies(dependencies.states);
  registerHealth(app, dependencies, readiness);
  return app;
}
