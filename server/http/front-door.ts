import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";

/** Answers a request itself and says true, or says false and leaves it to Fastify. */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The HTTP server Fastify runs on, with one slot for a handler that may answer a request before Fastify builds its
 * request and reply: page-cache hits (server/http/page-cache-door.ts, docs/decisions/0043-page-cache-hits-at-the-door.md).
 * The server is set up as Fastify sets up its own (timeouts, keep-alive, requests per socket).
 */
export function createFrontDoor() {
  let first: FirstAnswer | null = null;
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const settings = options as { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!first?.(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    answerFirst(answer: FirstAnswer): void {
      first = answer;
    },
  };
}
