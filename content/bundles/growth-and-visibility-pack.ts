import type { BundleContent } from "../types";

export const growthAndVisibilityPack: BundleContent = {
  id: "growth-and-visibility-pack",
  name: { en: "Growth & Visibility Pack", es: "Growth & Visibility Pack" },
  tagline: {
    en: "Find out what your customers search for, then publish the article that answers it.",
    es: "Descubre qué busca tu cliente y publica el artículo que se lo responde.",
  },
  summary: {
    en: "SEO Layer shows which searches your site should win and fixes the pages you already have. Article Forge then turns the strongest opportunity from that research into an article of {{article-forge.words}}, so your first new piece of content targets a search that is worth winning.",
    es: "SEO Layer te dice qué búsquedas debería ganar tu web y pone a punto las páginas que ya tienes. Después, Article Forge convierte la mejor oportunidad de ese estudio en un artículo de {{article-forge.words}}, para que tu primer contenido nuevo apunte a una búsqueda que merece la pena.",
  },
  highlights: {
    en: [
      "SEO Layer: 40–60 keywords mapped to up to 10 pages, new titles and meta descriptions, and 12 ranked article ideas",
      "Article Forge: one sourced article of {{article-forge.words}}, written around the top idea from the research",
      "The article is written with the keyword map in hand, so it links to the right pages from the start",
      "You save {{saving}} against buying both services separately, {{savingPercent}} off",
    ],
    es: [
      "SEO Layer: de 40 a 60 palabras clave asignadas a hasta 10 páginas, títulos y meta descripciones nuevos y 12 ideas de artículo priorizadas",
      "Article Forge: un artículo documentado de {{article-forge.words}}, escrito sobre la mejor idea del estudio",
      "El artículo se escribe con el mapa de palabras clave delante, así que enlaza a las páginas correctas desde el principio",
      "Ahorras {{saving}} frente a comprar los dos servicios por separado: un {{savingPercent}} menos",
    ],
  },
};
