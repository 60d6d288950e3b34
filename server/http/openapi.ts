import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * OpenAPI document generated from the routes' zod schemas; browsable at /api/docs, raw at /api/docs/json.
 * `API_DOCS` says to whom: everyone, staff only (a staff access token; the production default) or no one.
 */
export async function registerOpenApi(app: FastifyInstance, mode: Config["apiDocs"]): Promise<void> {
  if (mode === "off") return;
  await app.register(swagger, {
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
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    ...(mode === "staff" ? { uiHooks: { onRequest: app.requireStaff } } : {}),
  });
}
