import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { UserRole } from "../../contract/accounts";
import type { StaffRoleName } from "../../contract/staff";
import { DomainError } from "./domain-error";

/** The instance a route plugin gets with the Zod type provider (`FastifyPluginAsyncZod`). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Who may call a group's routes: anyone, any signed-in user, or staff of at least this role (LIFECYCLE.md). */
export type Guard = "public" | "signed-in" | StaffRoleName;

/** What a route declares: its schema (summary, body, params, querystring, headers, response) and its few options. */
export interface RouteSpec extends FastifySchema {
  summary: string;
  description?: string;
  produces?: string[];
  consumes?: string[];
  rateLimit?: { max: number; timeWindow: string };
  bodyLimit?: number;
  /** False for bytes sent as stored (byte ranges, streamed files). */
  compress?: false;
  /** Runs after validation (a limit counted on the body). Never a guard: the group's guard runs first, on request. */
  preHandler?: preHandlerAsyncHookHandler;
}

type Handler<S extends RouteSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
/** A request with its body, params, query and headers typed by the route's schemas. */
export type RouteRequest<S extends RouteSpec> = Parameters<Handler<S>>[0];
export type RouteReply<S extends RouteSpec> = Parameters<Handler<S>>[1];
/** A request behind a guard: the signed-in user the guard found (server/http/auth.ts) is there. */
export type SignedInRequest<S extends RouteSpec = RouteSpec> = RouteRequest<S> & {
  user: { id: string; role: UserRole };
};

type RequestOf<G extends Guard, S extends RouteSpec> = G extends "public" ? RouteRequest<S> : SignedInRequest<S>;
type Declare<G extends Guard> = <S extends RouteSpec>(
  path: string,
  spec: S,
  handler: (request: RequestOf<G, S>, reply: RouteReply<S>) => ReturnType<Handler<S>>,
) => void;

/** Declares a group's routes: `group.post(path, spec, handler)`, each under the group's guard, tags and errors. */
export interface RouteGroup<G extends Guard> {
  get: Declare<G>;
  post: Declare<G>;
  put: Declare<G>;
  delete: Declare<G>;
}

export interface GroupOptions<G extends Guard> {
  guard: G;
  tags: string[];
  /** Error answers every route of the group documents next to its own responses (routes without responses get none). */
  errors?: Record<number, ZodType>;
}

/**
 * A module's routes that share a guard, declared once for the group rather than per route (like fastify/demo's
 * autohooks): a guarded group gives every route its guard as `onRequest` (docs/decisions/0047-authorise-before-validating.md)
 * and `security: [{ bearer: [] }]` in its schema, and its handler gets the signed-in user typed.
 */
export function routeGroup<G extends Guard>(app: ZodApp, { guard, tags, errors }: GroupOptions<G>): RouteGroup<G> {
  const onRequest = guard === "public" ? undefined : guard === "signed-in" ? app.requireUser : app.requireRole(guard);
  const declare =
    (method: "GET" | "POST" | "PUT" | "DELETE"): Declare<G> =>
    (url, spec, handler) => {
      const { rateLimit, bodyLimit, compress, preHandler, ...schema } = spec;
      const response = schema.response ? { ...(schema.response as object), ...errors } : undefined;
      const route: RouteOptions = {
        method,
        url,
        schema: {
          tags,
          ...(onRequest ? { security: [{ bearer: [] }] } : {}),
          ...schema,
          ...(response ? { response } : {}),
        },
        handler: async (request, reply) => {
          if (onRequest && !request.user) throw DomainError.unauthenticated();
          return (handler as (request: unknown, reply: unknown) => unknown)(request, reply);
        },
      };
      if (onRequest) route.onRequest = onRequest;
      if (rateLimit) route.config = { rateLimit };
      if (bodyLimit !== undefined) route.bodyLimit = bodyLimit;
      if (compress === false) route.compress = false;
      if (preHandler) route.preHandler = preHandler;
      app.route(route as never);
    };
  return { get: declare("GET"), post: declare("POST"), put: declare("PUT"), delete: declare("DELETE") };
}
