import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../config";
import type { DocsRouterOptions } from "./openapi-docs";

/** The docs' own app's headers that Node or the store writes itself. */
const NOT_FORWARDED = new Set(["content-length", "connection", "date", "keep-alive", "transfer-encoding"]);

/**
 * OpenAPI document generated from the routes' zod schemas; browsable at /api/docs, raw at /api/docs/json.
 * `API_DOCS` says to whom: everyone, staff only (a staff access token; the production default) or no one.
 * Every route is noted as it is declared; swagger and its UI (≈100 modules) load on the first docs request, not at
 * start (issue 27), and answer from an app of their own (http/openapi-docs.ts). What they cannot find is the store's 404.
 */
export async function registerOpenApi(app: FastifyInstance, mode: Config["apiDocs"], routerOptions: DocsRouterOptions): Promise<void> {
  if (mode === "off") return;
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    routes.push(route as RouteOptions);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= import("./openapi-docs").then(({ buildDocsApp }) => buildDocsApp(routes, routerOptions));
    docs.catch(() => (docs = undefined));
    const response = await (await docs).inject({ method: request.method as "GET" | "HEAD", url: request.url, headers: request.headers });
    if (response.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(response.headers)) if (!NOT_FORWARDED.has(name) && value !== undefined) reply.header(name, value);
    reply.code(response.statusCode);
    return response.rawPayload.length > 0 ? reply.send(response.rawPayload) : reply.send();
  };
  const guard = mode === "staff" ? { onRequest: app.requireStaff } : {};
  for (const url of ["/api/docs", "/api/docs/*"]) app.route({ method: ["GET", "HEAD"], url, schema: { hide: true }, ...guard, handler: answer });
}
