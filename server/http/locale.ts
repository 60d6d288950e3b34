import type { FastifyInstance } from "fastify";
import { localeFromAcceptLanguage } from "../../common/locales";

/** Every request knows the language its messages are answered in (Accept-Language, `en` by default). */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", "en");
  // Callback hooks, here and in the other per-request hooks: an async hook costs a promise on every answer.
  app.addHook("onRequest", (request, _reply, done) => {
    request.locale = localeFromAcceptLanguage(request.headers["accept-language"]);
    done();
  });
}
