import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { PageContext } from "../../common/page-context";

/** The Fastify request as the Web Request React Router answers; a client that goes away aborts it. */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.raw.url ?? "/", origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  // Only a client that went away aborts; aborting after every finished answer built a DOMException each time.
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

export function sendHeaders(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply;
}

export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  sendHeaders(reply, response);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * A route action's API call, answered by this same Fastify instance (`inject`): every hook runs as for a browser's
 * request, rate limits count the visitor's address, and the API answers in the page's language.
 */
export async function postApi(
  app: FastifyInstance,
  request: FastifyRequest,
  apiPath: string,
  body: unknown,
  locale: string,
): Promise<Response> {
  if (!apiPath.startsWith("/api/")) throw new Error(`postApi only calls the API, not ${apiPath}`);
  const answer = await app.inject({
    method: "POST",
    url: apiPath,
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", "accept-language": locale },
    remoteAddress: request.ip,
  });
  return new Response(answer.statusCode === 204 ? null : answer.body, {
    status: answer.statusCode,
    headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
  });
}

/**
 * What loaders and actions get as `context`: React Router 8 takes only a RouterContextProvider, with the page context
 * set under the key the app build exports from its entry (app/page-context.ts); a key made here would be another
 * object, and `context.get` would not find it.
 */
export function loadContext(build: ServerBuild, page: PageContext): RouterContextProvider {
  const key = (build.entry.module as { pageContext?: RouterContext<PageContext> }).pageContext;
  if (!key) throw new Error("the server build's entry (app/entry.server.tsx) does not export pageContext");
  return new RouterContextProvider(new Map([[key, page]]));
}
