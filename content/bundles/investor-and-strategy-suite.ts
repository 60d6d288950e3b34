import type { BundleContent } from "../types";

export const investorAndStrategySuite: BundleContent = {
  id: "investor-and-strategy-suite",
  name: { en: "Investor & Strategy Suite", es: "Investor & Strategy Suite" },
  tagline: {
    en: "The deck for the meeting, the brief for the follow-up and the paper for due diligence.",
    es: "La presentación para la reunión, la ficha para el seguimiento y el documento para la due diligence.",
  },
  summary: {
    en: "Raising money takes more than slides. This suite gives you the pitch deck you present, a two-page project snapshot investors can circulate internally, and a whitepaper that proves you understand your market better than anyone. All three are written from one brief of facts, so every number matches.",
    es: "Levantar capital exige algo más que diapositivas. Esta suite te da la presentación que expones, una ficha de proyecto de dos páginas que los inversores pueden circular internamente y un libro blanco que demuestra que conoces tu mercado mejor que nadie. Las tres piezas parten de los mismos datos, así que todas las cifras cuadran.",
  },
  highlights: {
    en: [
      "Investor Deck: 12–15 slides in PPTX and PDF, speaker notes, a one-page teaser and the ten questions investors will ask",
      "Project Snapshot: a two-page brief with milestones, use of funds and risks, plus 150- and 50-word pitches",
      "Whitepaper Builder: {{whitepaper-builder.words}} on your market and solution, designed as a PDF with charts and sources",
      "You save {{saving}} against buying the three services separately, {{savingPercent}} off",
    ],
    es: [
      "Investor Deck: de 12 a 15 diapositivas en PPTX y PDF, notas del orador, un teaser de una página y las diez preguntas que te harán",
      "Project Snapshot: una ficha de dos páginas con hitos, destino de los fondos y riesgos, más discursos de 150 y 50 palabras",
      "Whitepaper Builder: {{whitepaper-builder.words}} sobre tu mercado y tu solución, maquetadas en PDF con gráficos y fuentes",
      "Ahorras {{saving}} frente a comprar los tres servicios por separado: un {{savingPercent}} menos",
    ],
  },
};
