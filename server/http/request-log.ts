import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** What one request-log line says. */
export interface RequestLine {
  /** Set by Fastify's per-request logger; the door's lines name it themselves. */
  reqId?: string;
  method: string;
  url: string;
  route: string | undefined;
  status: number;
  ms: number;
}

/**
 * One JSON line per answered request instead of Fastify's two on every request (at `info` those cost about a fifth
 * of the CPU of a cached page). Each line carries the request id (`reqId`: the proxy's X-Request-Id when TRUST_PROXY
 * is on). `sample` (LOG_SAMPLE, 0 to 1) keeps that share of ordinary lines; answers of 500 and above are logged at
 * `error` (503, an outage or a start: `warn`) whenever logging is on, and thrown errors are logged by the error handler whatever the sample.
 * Returns the same writer for answers given before Fastify sees the request (server/http/page-cache-door.ts).
 */
export function registerRequestLog(app: FastifyInstance, sample: number, random: () => number = Math.random) {
  const write = (log: FastifyBaseLogger, line: () => RequestLine, status: number): void => {
    if (sample <= 0) return;
    // 503 is an outage, a start or a drain (the error handler has said which at `warn`), not a fault of the store.
    if (status === 503) log.warn(line(), "request failed");
    else if (status >= 500) log.error(line(), "request failed");
    else if (sample >= 1 || random() < sample) log.info(line(), "request");
  };
  if (sample > 0) {
    app.addHook("onResponse", (request, reply, done) => {
      const line = () => ({ method: request.method, url: request.url, route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 });
      write(request.log, line, reply.statusCode);
      done();
    });
  }
  return { write };
}
