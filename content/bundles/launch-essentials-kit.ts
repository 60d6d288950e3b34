import type { BundleContent } from "../types";

export const launchEssentialsKit: BundleContent = {
  id: "launch-essentials-kit",
  name: { en: "Launch Essentials Kit", es: "Launch Essentials Kit" },
  tagline: {
    en: "Everything a new business needs to say on launch day, written in one go.",
    es: "Todo lo que un negocio nuevo tiene que contar el día del lanzamiento, escrito de una vez.",
  },
  summary: {
    en: "Website copy for up to five pages, a two-page project brief for partners and funders, and the keyword work that helps the new site get found. One team writes all three, so your site, your pitch and your search terms tell the same story from day one.",
    es: "Los textos de hasta cinco páginas de tu web, una ficha de proyecto de dos páginas para socios y financiadores y el trabajo de palabras clave para que la web nueva se encuentre. Un mismo equipo escribe las tres piezas, así que tu web, tu propuesta y tus búsquedas cuentan la misma historia desde el primer día.",
  },
  highlights: {
    en: [
      "Web Copycraft: copy for up to 5 pages, with calls to action, meta tags and a one-page voice guide",
      "Project Snapshot: a two-page project brief with milestones, budget, risks and two elevator pitches",
      "SEO Layer: a keyword map for up to 10 pages, rewritten titles and an internal-linking plan",
      "You save {{saving}} against buying the three services separately, {{savingPercent}} off",
    ],
    es: [
      "Web Copycraft: textos para hasta 5 páginas, con llamadas a la acción, metaetiquetas y una guía de voz de una página",
      "Project Snapshot: una ficha de proyecto de dos páginas con hitos, presupuesto, riesgos y dos discursos de ascensor",
      "SEO Layer: un mapa de palabras clave para hasta 10 páginas, títulos reescritos y un plan de enlazado interno",
      "Ahorras {{saving}} frente a comprar los tres servicios por separado: un {{savingPercent}} menos",
    ],
  },
};
