import type { FastifyInstance } from "fastify";

/**
 * One JSON line per answered request, carrying the request id (`reqId`, the proxy's X-Request-Id when TRUST_PROXY
 * is on). `sample` (LOG_REQUEST_SAMPLE, 0 to 1) keeps that share of ordinary lines; server errors are always logged.
 */
export function registerRequestLog(app: FastifyInstance, sample: number, random: () => number = Math.random): void {
  if (sample <= 0) return;
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    if (status < 500 && sample < 1 && random() >= sample) return;
    const line = { method: request.method, url: request.url, route: request.routeOptions.url, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (status >= 500) request.log.error(line, "request failed");
    else request.log.info(line, "request");
  });
}
