import compress from "@fastify/compress";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { apiRoutes } from "./http/api-routes";
import { registerAuth } from "./http/auth";
import { answerClientError, answerFrameworkError } from "./http/client-errors";
import { registerDevMailbox } from "./http/dev-mailbox";
import { registerErrorHandler } from "./http/error-handler";
import { registerGracefulClose } from "./http/graceful-close";
import { dependencyChecksFor } from "./http/dependencies";
import { registerHealth } from "./http/health";
import { registerMetrics } from "./http/metrics";
import { registerLocale } from "./http/locale";
import { registerLoadShedding } from "./http/load-shedding";
import { registerNoStoreWithToken } from "./http/no-store-with-token";
import { registerOpenApi } from "./http/openapi";
import { cachedPagePromises } from "./http/page-promises";
import { registerRateLimit } from "./http/rate-limit";
import { createFrontDoor } from "./http/front-door";
import { registerRequestLog } from "./http/request-log";
import { requestIdOf } from "./http/request-id";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSsr, type SsrOptions } from "./http/ssr";
import "./http/types";
import { zodValidatorCompiler } from "./http/validation";
import { pricesResponse } from "./modules/catalog";
import { createReadiness, type Readiness } from "./platform/readiness";
import type { Services } from "./services";

export interface AppDeps {
  config: Config;
  db: Db;
  services: Services;
  redis: Redis | null;
  /** Page rendering; left out by API tests. */
  ssr?: Omit<SsrOptions, "pageContext">;
  logger?: boolean;
  /** Where log lines go (one JSON line per write); stdout when left out. Tests read the log through it. */
  logStream?: { write(line: string): void };
  /** Key prefix for rate-limit counters in Redis (tests use one each). */
  redisNamespace?: string;
  /** Starting, ready or draining (main.ts moves it along); ready when not given. */
  readiness?: Readiness;
  /** Tests only: awaited before each counted request's handler runs (http/load-shedding.ts), to hold work in flight. */
  holdWork?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Fastify's compiler factories returning zod's compilers: Fastify calls a factory with its shared schemas (none here)
 * and gets the compiler every route's schema goes through, the same one the setters give. Fastify's types name ajv's
 * and fast-json-stringify's shapes, hence the cast.
 */
const zodCompilersFactory = {
  buildValidator: () => zodValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;

export async function buildApp({
  config,
  db,
  services,
  redis,
  ssr,
  logger = true,
  logStream,
  redisNamespace = "rl:",
  readiness = createReadiness("ready"),
  holdWork,
}: AppDeps): Promise<FastifyInstance> {
  const frontDoor = createFrontDoor();
  const routerOptions = { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 };
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) } : false,
    // One sampled line per request instead (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY ?? false,
    genReqId: (request) => requestIdOf(request.headers, Boolean(config.TRUST_PROXY)),
    // Page-cache hits are answered at the door, before Fastify (docs/decisions/0043-page-cache-hits-at-the-door.md).
    serverFactory: frontDoor.serverFactory,
    // registerGracefulClose answers requests that arrive while closing, in the contract's shape.
    return503OnClosing: false,
    // Errors raised before routing, and requests Node cannot parse, answer in the contract's shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Every schema is zod's: given here, Fastify never loads its default compilers (ajv, fast-json-stringify: ~560,000
    // characters of modules kept in memory for nothing, issue 27). The setters below say the same for readers.
    schemaController: { compilersFactory: zodCompilersFactory },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    services.requestPressure.arrived();
    done();
  });

  const requestLog = registerRequestLog(app, config.LOG_SAMPLE);
  registerLocale(app);
  registerErrorHandler(app, requestLog);
  registerMetrics(app, services.metrics, { token: config.METRICS_TOKEN, open: !config.isProduction });
  registerGracefulClose(app);
  const securityHeaders = registerSecurityHeaders(app, config, { dev: Boolean(ssr?.vite) });
  await app.register(compress, { threshold: 1024 });
  await registerRateLimit(app, redis, redisNamespace);
  registerAuth(app, services.accessTokens);
  registerNoStoreWithToken(app);
  await registerOpenApi(app, config.apiDocs, routerOptions);
  // Database, Redis and S3 as /readyz and the scriptorium_dependency_up gauge see them (cached, short deadlines).
  const dependencies = dependencyChecksFor({ db, redis, storage: services.storage });
  services.metrics.watchDependencies(dependencies.states);
  registerHealth(app, dependencies, readiness);
  const inFlight = registerLoadShedding(app, {
    maxInFlight: config.MAX_IN_FLIGHT,
    commitDeadlineMs: config.ORDER_DEADLINE_MS,
    now: () => services.clock.now().getTime(),
    holdWork,
  });
  services.metrics.watchInFlight(inFlight);
  if (config.tryOut) registerDevMailbox(app, services.mail);

  await app.register(apiRoutes, { prefix: "/api", services, config });

  if (ssr) {
    await registerSsr(app, {
      ...ssr,
      pageContext: {
        publicUrl: config.publicUrl,
        buildPollSeconds: config.BUILD_POLL_SECONDS,
        depositLimits: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
        balancePolicy: { refundDays: config.WITHDRAWAL_REFUND_DAYS },
        vatRateBasisPoints: config.seller.vatRateBasisPoints,
        prices: (currency) => pricesResponse(services.catalog, currency),
        promises: cachedPagePromises(services.catalog, {
          reviewDays: config.REVIEW_DAYS,
          onTimeCreditPercent: config.ON_TIME_CREDIT_PERCENT,
        }),
      },
      onPricesChange: (listener) => void services.catalog.onChange(listener),
      onPageCache: services.metrics.pageCache,
      onInlineStyle: securityHeaders.allowInlineStyle,
      renderConcurrency: config.SSR_CONCURRENCY,
      door: {
        answerFirst: frontDoor.answerFirst,
        securityHeaders: securityHeaders.current,
        requestId: (request) => requestIdOf(request.headers, Boolean(config.TRUST_PROXY)),
        answered({ request, requestId, route, status, seconds }) {
          services.metrics.request("GET", route, status, seconds);
          const line = () => ({ reqId: requestId, method: "GET", url: request.url ?? route, route, status, ms: Math.round(seconds * 10_000) / 10 });
          requestLog.write(app.log, line, status);
        },
      },
    });
  }
  return app;
}
