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
  }
}
