import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { roleAtLeast, type StaffRoleName } from "../../contract/staff";
import type { AccessTokens } from "../modules/accounts/access-tokens";
import { ApiError } from "./api-error";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest: 401 unless a valid access token is sent as `Authorization: Bearer …`. */
    requireUser: onRequestAsyncHookHandler;
    /** onRequest: 401 when anonymous, 403 unless staff (writer, manager or admin; the routes narrow further). */
    requireStaff: onRequestAsyncHookHandler;
    /**
     * onRequest for staff routes: 401 without a valid access token, 403 for a customer or a role below `least`
     * (writer < manager < admin, LIFECYCLE.md). `requireStaff` is `requireRole("writer")`.
     */
    requireRole(least: StaffRoleName): onRequestAsyncHookHandler;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/** The signed-in user behind a public route's request when it carries a valid access token, else null (never a 401). */
export async function bearerUser(tokens: AccessTokens, request: FastifyRequest): Promise<{ id: string; role: string } | null> {
  const token = bearer(request);
  const user = token ? await tokens.verify(token).catch(() => null) : null;
  return user ? { id: user.id, role: user.role } : null;
}

/** The hooks after `onRequest` that would run too late for a guard: the body is parsed and validated before them. */
const TOO_LATE = ["preParsing", "preValidation", "preHandler"] as const;

/**
 * The guards run as `onRequest` hooks (docs/decisions/0047-authorise-before-validating.md): who may call a route is
 * checked before its body is read or validated, so a caller without the right never learns a route's field names
 * from a 400 and never makes the server read a body. A guard given as a later hook stops the start.
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens): void {
  app.decorateRequest("user", null);
  const allGuards = new Set<unknown>();
  const guarded = (handlers: unknown) => [handlers ?? []].flat().some((handler) => allGuards.has(handler));
  app.addHook("onRoute", (route) => {
    for (const hook of TOO_LATE) {
      if (guarded(route[hook])) throw new Error(`${route.method} ${route.url}: give the auth guard as onRequest, not ${hook} (it must run before the body is validated)`);
    }
    // The API document names every guarded operation, so a client (and the test that tries them all) knows them.
    const schema = route.schema as { security?: unknown[]; hide?: boolean } | undefined;
    if (guarded(route.onRequest) && route.url.startsWith("/api/") && !schema?.hide && !schema?.security?.length) {
      throw new Error(`${route.method} ${route.url}: a guarded route declares security: [{ bearer: [] }] in its schema`);
    }
  });
  const authenticate = async (request: FastifyRequest) => {
    const token = bearer(request);
    const user = token ? await tokens.verify(token) : null;
    if (!user) throw ApiError.unauthorized();
    request.user = { id: user.id, role: user.role };
  };
  const requireUser = async (request: FastifyRequest) => {
    await authenticate(request);
  };
  allGuards.add(requireUser);
  app.decorate("requireUser", requireUser);
  const guards = new Map<StaffRoleName, onRequestAsyncHookHandler>();
  const requireRole = (least: StaffRoleName): onRequestAsyncHookHandler => {
    let guard = guards.get(least);
    if (!guard) {
      guard = async (request: FastifyRequest) => {
        await authenticate(request);
        if (!roleAtLeast(request.user?.role, least)) throw ApiError.forbidden();
      };
      guards.set(least, guard);
      allGuards.add(guard);
    }
    return guard;
  };
  app.decorate("requireRole", requireRole);
  app.decorate("requireStaff", requireRole("writer"));
}
