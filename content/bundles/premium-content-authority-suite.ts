import type { BundleContent } from "../types";

export const premiumContentAuthoritySuite: BundleContent = {
  id: "premium-content-authority-suite",
  name: { en: "Premium Content Authority Suite", es: "Premium Content Authority Suite" },
  tagline: {
    en: "Become the name your industry quotes: research, a flagship paper and the content around it.",
    es: "Conviértete en la referencia que cita tu sector: estudio, documento estrella y todo el contenido que lo rodea.",
  },
  summary: {
    en: "A complete authority campaign built around one flagship whitepaper. SEO Layer finds the searches your buyers make, Article Forge publishes a supporting article that ranks for them, and Custom Creation adds the piece your campaign needs most, such as an email sequence to nurture the leads the whitepaper brings in.",
    es: "Una campaña de autoridad completa construida alrededor de un libro blanco estrella. SEO Layer encuentra lo que buscan tus compradores, Article Forge publica un artículo de apoyo que posiciona para esas búsquedas y Custom Creation añade la pieza que más necesita tu campaña, como una secuencia de correos para cultivar los contactos que te traiga el libro blanco.",
  },
  highlights: {
    en: [
      "Whitepaper Builder: an 8–12 page whitepaper with charts, sources and a promotion kit",
      "SEO Layer: keyword map, rewritten titles and 12 ranked article ideas for up to 10 pages",
      "Article Forge: an article of {{article-forge.words}} that draws readers towards the whitepaper",
      "Custom Creation: {{custom-creation.words}} of your choice, for example a five-email nurture sequence or a press release",
      "You save {{saving}} against buying the four services separately, {{savingPercent}} off",
    ],
    es: [
      "Whitepaper Builder: un libro blanco de 8 a 12 páginas con gráficos, fuentes y kit de difusión",
      "SEO Layer: mapa de palabras clave, títulos reescritos y 12 ideas de artículo priorizadas para hasta 10 páginas",
      "Article Forge: un artículo de {{article-forge.words}} que lleva a los lectores hacia tu libro blanco",
      "Custom Creation: {{custom-creation.words}} a tu elección, por ejemplo una secuencia de cinco correos o una nota de prensa",
      "Ahorras {{saving}} frente a comprar los cuatro servicios por separado: un {{savingPercent}} menos",
    ],
  },
};
