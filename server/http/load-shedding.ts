import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../platform/domain-error";
import { requestStartMs, waitedPastBudget } from "./request-start";

/** Seconds a refused client is told to wait (`Retry-After`): long enough for the work in hand to finish. */
const RETRY_AFTER_SECONDS = 2;

export interface LoadSheddingOptions {
  /** Counted requests in flight past which more are refused at once (MAX_IN_FLIGHT); 0: never. */
  maxInFlight: number;
  /**
   * Milliseconds since the proxy received a request (its `X-Request-Start`) past which money is no longer committed for
   * it (ORDER_DEADLINE_MS): its client may have given up by the time the answer arrives; 0: never.
   */
  commitDeadlineMs: number;
  /** The time in ms since the epoch (the services' clock: tests move it). */
  now: () => number;
  /** Tests only: awaited before a counted request's handler runs, to hold requests in flight. */
  holdWork?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Where the one warn line per second of refusals goes (the app's logger when left out). */
  warn?: (line: string) => void;
}

/** Work, not reading: API requests and anything sent with a body (the forms without JavaScript). Pages, assets, health and metrics are not counted. */
function counted(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  return request.url.slice(0, 5).toLowerCase() === "/api/";
}

/** Whether the client's connection is gone: a proxy closes it when its own client leaves (nginx's default). */
function connectionClosed(request: FastifyRequest): boolean {
  const socket = request.raw.socket;
  // Strict checks: an injected request (app.inject) has a stand-in socket without these.
  return socket?.destroyed === true || socket?.writableEnded === true;
}

/**
 * Load shedding (docs/decisions/0052). Past `maxInFlight` counted requests in this process, another one is answered
 * 503 with `Retry-After` at once instead of waiting behind the others past its client's patience (a proxy sends it
 * to another instance). And work for a client that has gone away is not started: a request that writes (any method
 * but GET and HEAD) whose connection closed while it waited gets no handler run, so no order is paid for an answer
 * nobody receives; services ask `request.commitRefusal()` again before and inside their money transaction, just
 * before the commit: a client gone, or a request older than `commitDeadlineMs` since the proxy received it (its client
 * may give up before the answer arrives), is refused and the transaction rolled back.
 */
/** Counted requests in this process now, and the most at once since the last read (which starts a new period). */
export type InFlightReading = () => { current: number; peak: number };

export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): InFlightReading {
  let inFlight = 0;
  let peak = 0;
  let refused = 0;
  let lastWarnAt = 0;
  const warn = options.warn ?? ((line: string) => app.log.warn(line));

  app.decorateRequest("clientGone", function (this: FastifyRequest) {
    return connectionClosed(this);
  });
  app.decorateRequest("commitRefusal", function (this: FastifyRequest) {
    if (connectionClosed(this)) return new DomainError("client_gone", { detail: { key: "detail.clientGone" } });
    if (waitedPastBudget(requestStartMs(this.headers["x-request-start"]), options.now(), options.commitDeadlineMs)) {
      return new DomainError("unavailable", { detail: { key: "detail.busy" }, retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
    return undefined;
  });

  app.addHook("onRequest", (request, reply, done) => {
    if (!counted(request)) return done();
    if (options.maxInFlight > 0 && inFlight >= options.maxInFlight) {
      refused++;
      const now = Date.now();
      if (now - lastWarnAt >= 1000) {
        warn(`shedding load: ${refused} request(s) refused with 503 since the last line, ${inFlight} in flight (MAX_IN_FLIGHT=${options.maxInFlight})`);
        lastWarnAt = now;
        refused = 0;
      }
      return done(new DomainError("unavailable", { detail: { key: "detail.busy" }, retryAfterSeconds: RETRY_AFTER_SECONDS }));
    }
    inFlight++;
    if (inFlight > peak) peak = inFlight;
    let counting = true;
    // `close` comes once the answer is written or the connection is gone, whichever is first.
    reply.raw.once("close", () => {
      if (counting) inFlight--;
      counting = false;
    });
    done();
  });

  app.addHook("preHandler", async (request, reply) => {
    if (!counted(request)) return;
    if (options.holdWork) await options.holdWork(request, reply);
    if (request.method !== "GET" && request.method !== "HEAD" && request.clientGone()) {
      request.log.info({ method: request.method, url: request.url }, "client gone before the work started: not started");
      throw new DomainError("client_gone", { detail: { key: "detail.clientGone" } });
    }
  });
  return () => {
    const reading = { current: inFlight, peak };
    peak = inFlight;
    return reading;
  };
}
