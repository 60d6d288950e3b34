import { useLocation, useRouteLoaderData } from "react-router";
import { pathInLocale, type Locale } from "../../common/locales";
import type { RootData } from "~/lib/root-data";

export interface SeoProps {
  title: string;
  description: string;
  /** Open Graph type: "website" by default, "product" for services and bundles. */
  type?: "website" | "product";
  /** Structured data (schema.org) for this page. */
  jsonLd?: object;
}

/** `<` never appears raw inside the JSON-LD script, so content cannot close it. */
function safeJson(value: object): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Head tags of one page in its language: title, description, canonical URL, hreflang alternates (en, es,
 * x-default), Open Graph and JSON-LD. React hoists them into <head>.
 */
export function Seo({ title, description, type = "website", jsonLd }: SeoProps) {
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const base = root?.publicUrl ?? "";
  const locale: Locale = root?.locale ?? "en";
  const url = (target: Locale) => base + pathInLocale(pathname, target);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url(locale)} />
      <link rel="alternate" hrefLang="en" href={url("en")} />
      <link rel="alternate" hrefLang="es" href={url("es")} />
      <link rel="alternate" hrefLang="x-default" href={url("en")} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content="Scriptorium" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url(locale)} />
      <meta property="og:locale" content={locale === "es" ? "es_ES" : "en_GB"} />
      <meta property="og:locale:alternate" content={locale === "es" ? "en_GB" : "es_ES"} />
      <meta name="twitter:card" content="summary" />
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(jsonLd) }} /> : null}
    </>
  );
}
