import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { roleAtLeast, type StaffRoleName } from "../../contract/staff";
import type { AccessTokens } from "../modules/accounts/access-tokens";
import { ApiError } from "./api-error";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid access token is sent as `Authorization: Bearer …`. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 when anonymous, 403 unless staff (writer, manager or admin; the routes narrow further). */
    requireStaff: preHandlerAsyncHookHandler;
    /**
     * preHandler for staff routes: 401 without a valid access token, 403 for a customer or a role below `least`
     * (writer < manager < admin, LIFECYCLE.md). `requireStaff` is `requireRole("writer")`.
     */
    requireRole(least: StaffRoleName): preHandlerAsyncHookHandler;
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
  const guards = new Map<StaffRoleName, preHandlerAsyncHookHandler>();
  const requireRole = (least: StaffRoleName): preHandlerAsyncHookHandler => {
    let guard = guards.get(least);
    if (!guard) {
      guard = async function (request: FastifyRequest) {
        await authenticate(request);
        if (!roleAtLeast(request.user?.role, least)) throw ApiError.forbidden();
      };
      guards.set(least, guard);
    }
    return guard;
  };
  app.decorate("requireRole", requireRole);
  app.decorate("requireStaff", requireRole("writer"));
}
