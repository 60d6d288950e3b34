import type { DomainError } from "../platform/domain-error";
import type { Locale } from "../i18n/messages";
import type { AuthUser } from "../modules/accounts/auth-user";

export type { AuthUser };

declare module "fastify" {
  interface FastifyRequest {
    /** Language of messages in the response, from Accept-Language. */
    locale: Locale;
    /** Set by the auth guard on routes that need a signed-in user. */
    user: AuthUser | null;
    /** True once the client's connection is closed: work it asked for would answer nobody (http/load-shedding.ts). */
    clientGone(): boolean;
    /**
     * Why money must not be committed for this request now, if it must not: the client is gone (client_gone), or the
     * request waited past ORDER_DEADLINE_MS since the proxy received it (503 + Retry-After). http/load-shedding.ts.
     */
    commitRefusal(): DomainError | undefined;
  }
}
