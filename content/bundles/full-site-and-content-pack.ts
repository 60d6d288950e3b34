import type { BundleContent } from "../types";

export const fullSiteAndContentPack: BundleContent = {
  id: "full-site-and-content-pack",
  name: { en: "Full Site & Content Pack", es: "Full Site & Content Pack" },
  tagline: {
    en: "A website that sells, a search plan behind it and the first article to prove it works.",
    es: "Una web que vende, un plan de búsquedas que la respalda y el primer artículo que lo demuestra.",
  },
  summary: {
    en: "For businesses rewriting their website properly rather than patching it. We write up to five pages, build the keyword map they are optimised for and deliver your first blog article, so the site goes live with both its sales pages and its content strategy in place.",
    es: "Para empresas que quieren rehacer su web como es debido, no ponerle parches. Escribimos hasta cinco páginas, preparamos el mapa de palabras clave con el que se optimizan y te entregamos el primer artículo del blog, para que la web salga con sus páginas de venta y su estrategia de contenidos ya en marcha.",
  },
  highlights: {
    en: [
      "Web Copycraft: {{web-copycraft.words}} of copy across up to 5 pages, with meta tags and microcopy",
      "SEO Layer: keyword research, heading recommendations and an internal-linking plan for up to 10 pages",
      "Article Forge: an article of {{article-forge.words}} that links back to your new service pages",
      "You save {{saving}} against buying the three services separately, {{savingPercent}} off",
    ],
    es: [
      "Web Copycraft: {{web-copycraft.words}} repartidas en hasta 5 páginas, con metaetiquetas y microtextos",
      "SEO Layer: estudio de palabras clave, recomendaciones de encabezados y plan de enlazado interno para hasta 10 páginas",
      "Article Forge: un artículo de {{article-forge.words}} que enlaza con tus nuevas páginas de servicios",
      "Ahorras {{saving}} frente a comprar los tres servicios por separado: un {{savingPercent}} menos",
    ],
  },
};
