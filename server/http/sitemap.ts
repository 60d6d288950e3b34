import type { FastifyInstance } from "fastify";
import { LOCALES, pathInLocale } from "../../common/locales";
import { PUBLIC_PAGES } from "../../common/public-pages";

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Every public page in both languages, each with its hreflang alternates (en, es, x-default). */
export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.flatMap((page) => {
    const href = (locale: (typeof LOCALES)[number]) => escapeXml(publicUrl + pathInLocale(page, locale));
    const alternates = [
      ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(locale)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}"/>`,
    ].join("");
    return LOCALES.map((locale) => `<url><loc>${href(locale)}</loc>${alternates}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join("\n") +
    "\n</urlset>\n"
  );
}

/** Pages for people are open to crawlers; the API, accounts, cart and back office are not. */
export function robotsTxt(publicUrl: string): string {
  const closed = ["/api/", "/admin", "/auth/", "/cart", "/profile/", "/checkout/", "/not-logged-in", "/dev/"];
  const lines = ["User-agent: *", ...closed.flatMap((path) => [`Disallow: ${path}`, `Disallow: /es${path}`]), "", `Sitemap: ${publicUrl}/sitemap.xml`];
  return lines.join("\n") + "\n";
}

export function registerSitemap(app: FastifyInstance, publicUrl: string): void {
  const sitemap = sitemapXml(publicUrl);
  const robots = robotsTxt(publicUrl);
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(sitemap),
  );
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots),
  );
}
