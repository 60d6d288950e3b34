import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";

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

/** Why the store refused a request on purpose with a 503 (the message key it answered, and what was down). */
export interface Refusal {
  reason: string;
  cause?: string;
}

/** The one line of a deliberate 503 written on its own (no request lines): what was asked and why it was refused. */
export function logRefusal(request: FastifyRequest, refusal: Refusal): void {
  request.log.warn({ method: request.method, url: request.url, status: 503, ...refusal }, "request refused");
}

/**
 * One JSON line per answered request instead of Fastify's two on every request (at `info` those cost about a fifth
 * of the CPU of a cached page). Each line carries the request id (`reqId`: the proxy's X-Request-Id when TRUST_PROXY
 * is on). `sample` (LOG_SAMPLE, 0 to 1) keeps that share of ordinary lines, a client's 4xx included (one line, no
 * stack, like any answer); answers of 500 and above are logged whenever lines are written: a 503 the store gives on
 * purpose (starting, draining, a provider down) at `warn`, the others at `error`. Thrown server errors are logged
 * with their stack by the error handler whatever the sample. Returns the same writer for answers given before Fastify
 * sees the request (server/http/page-cache-door.ts), and `refused` for the error handler's deliberate 503s.
 */
export function registerRequestLog(app: FastifyInstance, sample: number, random: () => number = Math.random) {
  const refusals = new WeakMap<FastifyRequest, Refusal>();
  const write = (log: FastifyBaseLogger, line: () => RequestLine, status: number): void => {
    if (sample <= 0) return;
    if (status === 503) log.warn(line(), "request refused");
    else if (status >= 500) log.error(line(), "request failed");
    else if (sample >= 1 || random() < sample) log.info(line(), "request");
  };
  if (sample > 0) {
    app.addHook("onResponse", (request, reply, done) => {
      const line = () => ({
        method: request.method, url: request.url, route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10,
        ...refusals.get(request),
      });
      write(request.log, line, reply.statusCode);
      done();
    });
  }
  return {
    write,
    /**
     * A 503 the store answers on purpose: one `warn` line naming why, never a stack. With request lines on, the
     * request's own line carries the reason; without them (LOG_SAMPLE=0) this writes the one line itself.
     */
    refused(request: FastifyRequest, refusal: Refusal): void {
      if (sample > 0) refusals.set(request, refusal);
      else logRefusal(request, refusal);
    },
  };
}

export type RequestLog = ReturnType<typeof registerRequestLog>;
