import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { Problem } from "../../contract/errors";
import { localeFromAcceptLanguage } from "../../common/locales";
import { translate } from "../i18n/messages";
import { ApiError } from "./api-error";
import { sendProblem } from "./error-handler";

/**
 * Errors Fastify answers before any route or hook runs (a bad percent-encoding, a path parameter over the length
 * limit): the contract's shape, in the caller's language, and never the path that was sent.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.locale = localeFromAcceptLanguage(request.headers["accept-language"]);
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return sendProblem(reply, ApiError.field("", "validation.badUrl"));
    case "FST_ERR_MAX_PARAM_LENGTH":
      return sendProblem(reply, new ApiError(414, undefined, { key: "detail.414" }));
    default:
      request.log.error({ err: error, reqId: request.id }, "request failed before routing");
      return sendProblem(reply, new ApiError(500));
  }
}

/** What Node's HTTP parser failed on, as the status a client should see. */
function statusOfClientError(code: string | undefined): 400 | 408 | 431 {
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/**
 * Node answers a request it cannot parse (bad header characters, headers over the size limit, a broken request
 * line) with a bare status line; this writes the contract's shape instead, in English since no header could be
 * read. Nothing of the request is echoed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOfClientError(error.code);
  const title = translate("en", `title.${status}`);
  const problem: Problem =
    status === 400 ? { status, title, errors: { "": [translate("en", "validation.badRequest")] } } : { status, title, detail: translate("en", `detail.${status}`) };
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
