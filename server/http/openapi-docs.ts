import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type HTTPMethods, type RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** How the store routes: the docs app routes alike. */
export interface DocsRouterOptions {
  caseSensitive: boolean;
  ignoreTrailingSlash: boolean;
  maxParamLength: number;
}

/** Where the docs are served, in the store and in the docs' own app. */
export const DOCS_PREFIX = "/api/docs";

const SWAGGER_OPTIONS = {
  openapi: {
    info: {
      title: "Scriptorium API",
      description:
        "The storefront API. Money is a number in major units with at most two decimals, always next to its currency. " +
        "Errors: `{status, title, errors?, detail?}`; a 400 keys field errors by field name, the empty key holding a general message. " +
        "Messages follow Accept-Language (en, es). Paths match case-insensitively.",
      version: "1.0.0",
    },
    components: {
      securitySchemes: { bearer: { type: "http" as const, scheme: "bearer", bearerFormat: "JWT" } },
    },
  },
  transform: jsonSchemaTransform,
};

/**
 * The OpenAPI document and its browsable UI, built on first use (http/openapi.ts): an app of its own holding
 * @fastify/swagger and @fastify/swagger-ui, given every route the store declared with its schema (their handlers
 * answer 404: only swagger-ui's own routes answer here), so the document is the one the store's own app would generate. Routing as the store routes (case, slash).
 */
export async function buildDocsApp(routes: RouteOptions[], routerOptions: DocsRouterOptions): Promise<FastifyInstance> {
  const docs = Fastify({ logger: false, routerOptions });
  // Zod schemas are the store's to check; here they are only described.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, SWAGGER_OPTIONS);
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  const declared = new Set<string>();
  for (const route of routes) {
    // HEAD routes come again from their GET (exposeHeadRoutes), as in the store; the docs' own routes are swagger-ui's.
    const methods = [route.method].flat().filter((method): method is HTTPMethods => method !== "HEAD");
    const key = `${methods.join(",")} ${route.url.toLowerCase()}`;
    if (methods.length === 0 || route.url.toLowerCase().startsWith(DOCS_PREFIX) || declared.has(key)) continue;
    declared.add(key);
    docs.route({ method: methods, url: route.url, schema: route.schema, config: route.config, constraints: route.constraints, handler: (_request, reply) => reply.callNotFound() });
  }
  await docs.ready();
  return docs;
}
