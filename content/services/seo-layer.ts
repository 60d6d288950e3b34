import type { ServiceContent } from "../types";

export const seoLayer: ServiceContent = {
  id: "seo-layer",
  name: { en: "SEO Layer", es: "SEO Layer" },
  tagline: {
    en: "The keyword research and on-page fixes that turn good pages into pages people find.",
    es: "El estudio de palabras clave y los ajustes on-page que hacen que tus buenas páginas se encuentren.",
  },
  summary: {
    en: "An SEO specialist maps the searches your customers make to up to ten pages of your site and rewrites what search engines read first: titles, meta descriptions and headings. You also get an internal-linking plan and twelve article ideas ranked by opportunity, so you know what to publish next.",
    es: "Un especialista SEO relaciona lo que buscan tus clientes con hasta diez páginas de tu web y reescribe lo primero que leen los buscadores: títulos, meta descripciones y encabezados. Además recibes un plan de enlazado interno y doce ideas de artículo ordenadas por potencial, para que sepas qué publicar después.",
  },
  forWhom: {
    en: [
      "Sites with solid content that still sits on page three of the results",
      "Businesses about to launch or relaunch a site who want to get the structure right from day one",
      "Teams who publish regularly but have never checked which searches they actually target",
    ],
    es: [
      "Webs con buen contenido que siguen atascadas en la tercera página de resultados",
      "Empresas a punto de lanzar o renovar su web que quieren acertar con la estructura desde el primer día",
      "Equipos que publican con regularidad pero nunca han comprobado a qué búsquedas apuntan de verdad",
    ],
  },
  deliverables: {
    en: [
      "Keyword map in XLSX: 40–60 search terms with monthly volume, difficulty and intent, assigned to up to 10 pages",
      "Rewritten title tags and meta descriptions for those 10 pages, checked for length",
      "Heading structure (H1–H3) recommendations page by page",
      "An internal-linking plan showing which page should link to which, and with what anchor text",
      "A list of 12 article ideas ranked by opportunity, ready to brief into Article Forge",
      "A 6–10 page PDF report that explains every change in plain language",
    ],
    es: [
      "Mapa de palabras clave en XLSX: de 40 a 60 búsquedas con volumen mensual, dificultad e intención, asignadas a hasta 10 páginas",
      "Etiquetas de título y meta descripciones reescritas para esas 10 páginas, con la longitud comprobada",
      "Recomendaciones de estructura de encabezados (H1 a H3) página por página",
      "Un plan de enlazado interno que indica qué página debe enlazar a cuál y con qué texto de anclaje",
      "Una lista de 12 ideas de artículo ordenadas por potencial, listas para encargarlas en Article Forge",
      "Un informe en PDF de 6 a 10 páginas que explica cada cambio sin jerga",
    ],
  },
  faq: {
    en: [
      {
        question: "Do you need access to my website or analytics?",
        answer:
          "No. We work from your public pages and professional keyword tools. If you can share a Search Console export, attach a link in the brief: it sharpens the priorities, but it is optional.",
      },
      {
        question: "Do you make the changes on my site?",
        answer:
          "We deliver every change ready to copy and paste, page by page. Applying them takes a few hours in any content management system; we do not log in to your site.",
      },
      {
        question: "When will I see results?",
        answer:
          "Search engines usually pick up new titles and descriptions within days, while ranking changes tend to show over six to twelve weeks. Nobody can honestly guarantee a position, and we will not pretend to.",
      },
      {
        question: "Which markets and languages do you cover?",
        answer:
          "English and Spanish, for any country. Tell us in the brief which market matters, because search volumes for the same term differ a lot between Spain, Mexico, the UK and the US.",
      },
    ],
    es: [
      {
        question: "¿Necesitáis acceso a mi web o a mis analíticas?",
        answer:
          "No. Trabajamos con tus páginas públicas y con herramientas profesionales de palabras clave. Si puedes compartir una exportación de Search Console, añade el enlace en el briefing: afina las prioridades, pero es opcional.",
      },
      {
        question: "¿Hacéis vosotros los cambios en la web?",
        answer:
          "Te entregamos cada cambio listo para copiar y pegar, página por página. Aplicarlo lleva unas pocas horas en cualquier gestor de contenidos; nosotros no entramos en tu web.",
      },
      {
        question: "¿Cuándo notaré resultados?",
        answer:
          "Los buscadores suelen recoger los nuevos títulos y descripciones en cuestión de días, y los cambios de posición acostumbran a verse en seis a doce semanas. Nadie puede garantizarte un puesto con honestidad, y nosotros no vamos a hacerlo.",
      },
      {
        question: "¿Para qué mercados e idiomas trabajáis?",
        answer:
          "Español e inglés, para cualquier país. Indica en el briefing qué mercado te interesa, porque el volumen de una misma búsqueda cambia mucho entre España, México, Reino Unido o Estados Unidos.",
      },
    ],
  },
};
