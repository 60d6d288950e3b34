import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { AccessTokens } from "../modules/accounts/access-tokens";
import { ApiError } from "./api-error";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid access token is sent as `Authorization: Bearer …`. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 when anonymous, 403 unless staff (writer, manager or admin; the routes narrow further). */
    requireStaff: preHandlerAsyncHookHandler;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

export function registerAuth(app: FastifyInstance, tokens: AccessTokens): void {
  app.decorateRequest("user", null);
  const authenticate = async (request: FastifyRequest) => {
    const token = bearer(request);
    const user = token ? await tokens.verify(token) : null;
    if (!user) throw ApiError.unauthorized();
    request.user = { id: user.id, role: user.role };
  };
  app.decorate("requireUser", async function (request: FastifyRequest) {
    await authenticate(request);
  });
  app.decorate("requireStaff", async function (request: FastifyRequest) {
    await authenticate(request);
    if (!request.user || request.user.role === "customer") throw ApiError.forbidden();
  });
}
