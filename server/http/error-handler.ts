import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import type { Problem } from "../../contract/errors";
import { translate, type MessageRef } from "../i18n/messages";
import { DomainError, type DomainErrorKind } from "../platform/domain-error";
import { DEPENDENCY_RETRY_AFTER_SECONDS, failureName, isConnectionFailure } from "../platform/unavailable";
import { ApiError, type FieldMessages } from "./api-error";
import { logRefusal, type Refusal, type RequestLog } from "./request-log";
import type { ValidationFailure } from "./validation";
import { validationFieldMessages } from "../i18n/validation-messages";

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  range_not_satisfiable: 416,
  too_many: 429,
  unavailable: 503,
  client_gone: 499,
};

/** A domain error in HTTP terms: its status, the contract's body parts and the headers its kind calls for. */
function fromDomainError(error: DomainError): ApiError {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.size !== undefined) headers["content-range"] = `bytes */${error.size}`;
  return new ApiError(STATUS_OF[error.kind], error.fields, error.detail, Object.keys(headers).length > 0 ? headers : undefined);
}

/** A connection failure of some backing service that no adapter named. */
function outage(cause: unknown): DomainError {
  return new DomainError("unavailable", { detail: { key: "dependency.service" }, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS, cause });
}

/** Turns anything thrown while handling an API request into the ApiError the client should see. */
function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  // A backing service's connection failure that reached here unwrapped (not through the database or storage
  // adapters) is still an outage: 503 with Retry-After, never a 500.
  if (isConnectionFailure(error)) return fromDomainError(outage(error));
  if (error instanceof ZodError) {
    return ApiError.fields(validationFieldMessages(error.issues, (error as ValidationFailure).input));
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return ApiError.field("", "validation.malformedJson");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return ApiError.field("", "validation.emptyBody");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, undefined, { key: "detail.413", params: { limit: request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0 } });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, undefined, { key: "detail.415" });
    case "FST_ERR_VALIDATION":
      return ApiError.field("", "validation.invalid");
  }
  if (fastifyError.statusCode === 429) {
    const seconds = Number((error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
    return new ApiError(429, undefined, { key: "detail.429", params: { seconds } });
  }
  if (typeof fastifyError.statusCode === "number" && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    if (fastifyError.statusCode === 400) return ApiError.field("", "validation.invalid");
    return new ApiError(fastifyError.statusCode);
  }
  return new ApiError(500);
}

function translateErrors(errors: FieldMessages, request: FastifyRequest): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, refs]) => [field, refs.map((ref) => translate(request.locale, ref.key, ref.params))]),
  );
}

export function problemBody(error: ApiError, request: FastifyRequest): Problem {
  const t = (ref: MessageRef) => translate(request.locale, ref.key, ref.params);
  const problem: Problem = { status: error.status, title: t({ key: `title.${error.status}` }) };
  if (error.errors) problem.errors = translateErrors(error.errors, request);
  if (error.detail) problem.detail = t(error.detail);
  return problem;
}

export function sendProblem(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.status).type("application/json; charset=utf-8").send(problemBody(error, reply.request));
}

const FILE_HEADERS = ["content-disposition", "etag", "last-modified", "accept-ranges", "content-range", "content-length"];

/** Why a deliberate 503 was given: the message key answered and, for a provider that is down, its error's message. */
function refusalOf(error: unknown, apiError: ApiError): Refusal {
  const reason = apiError.detail?.key ?? "detail.503";
  // An outage says what is down (database, storage) rather than the driver's message.
  if ((error instanceof DomainError && error.kind === "unavailable") || (!(error instanceof ApiError) && isConnectionFailure(error))) {
    return { reason, cause: failureName(error) };
  }
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : undefined;
  return cause === undefined ? { reason } : { reason, cause: cause instanceof Error ? cause.message : String(cause) };
}

/**
 * The one central error handler: contract shapes out, 5xx details only in the log (with the request id). A server
 * error is logged with its stack; a 503 the store gives on purpose (not ready yet, draining, a provider down) is one
 * `warn` line naming why (`requestLog.refused`), since a balancer's retries during a restart would otherwise fill the
 * log with stacks; a client's 4xx writes nothing here (the request line, when sampled, says it).
 */
export function registerErrorHandler(app: FastifyInstance, requestLog?: Pick<RequestLog, "refused">): void {
  const refused = requestLog?.refused ?? logRefusal;
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.status === 503) {
      refused(request, refusalOf(error, apiError));
    } else if (apiError.status >= 500) {
      request.log.error({ err: error, reqId: request.id }, "request failed");
    } else if (apiError.status === 429) {
      const seconds = String(apiError.detail?.params?.seconds ?? 60);
      reply.header("retry-after", seconds);
    }
    // A file download that failed before its first byte (storage down) had its file's headers set already, some on
    // the raw response (Fastify's stream mode): none of them describes this error.
    if (apiError.status >= 500 && !reply.raw.headersSent) {
      for (const name of FILE_HEADERS) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
    return sendProblem(reply, apiError);
  });
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, ApiError.notFound()));
}
