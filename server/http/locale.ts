import type { FastifyInstance } from "fastify";
import { localeFromAcceptLanguage } from "../../common/locales";

/** Every request knows the language its messages are answered in (Accept-Language, `en` by default). */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", "en");
  app.addHook("onRequest", async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers["accept-language"]);
  });
}
