import type { ServiceContent } from "../types";

export const investorDeck: ServiceContent = {
  id: "investor-deck",
  name: { en: "Investor Deck", es: "Investor Deck" },
  tagline: {
    en: "A pitch deck with a story investors can repeat to their partners after you leave the room.",
    es: "Una presentación para inversores con una historia que puedan contar a sus socios cuando tú ya no estés delante.",
  },
  summary: {
    en: "A writer who has worked on funding rounds turns your numbers, product and team into a 12–15 slide deck with one argument running through it. You get the slides, speaker notes and a one-page teaser to send before the meeting.",
    es: "Un redactor con experiencia en rondas de financiación convierte tus números, tu producto y tu equipo en una presentación de 12 a 15 diapositivas con un único hilo argumental. Recibes las diapositivas, las notas del orador y un teaser de una página para enviar antes de la reunión.",
  },
  forWhom: {
    en: [
      "Founders preparing a pre-seed, seed or Series A round",
      "Companies applying to accelerators, public grants or bank financing",
      "Teams whose current deck lists features but never says why now and why them",
      "Business owners presenting a new project to partners or a board",
    ],
    es: [
      "Fundadores que preparan una ronda presemilla, semilla o serie A",
      "Empresas que se presentan a aceleradoras, ayudas públicas o financiación bancaria",
      "Equipos cuya presentación enumera funcionalidades pero nunca explica por qué ahora y por qué ellos",
      "Empresarios que tienen que defender un proyecto nuevo ante socios o un consejo",
    ],
  },
  deliverables: {
    en: [
      "A 12–15 slide deck in PPTX, cleanly laid out on a neutral template you can restyle, plus a PDF export",
      "The full storyline: problem, solution, market, traction, business model, competition, team, financials and the ask",
      "Speaker notes of 60–120 words for every slide",
      "A one-page teaser (PDF) to send investors before the first call",
      "Charts and tables built from the figures you provide; we never invent numbers",
      "A list of the ten questions investors are most likely to ask, with suggested answers",
    ],
    es: [
      "Una presentación de 12 a 15 diapositivas en PPTX, maquetada con una plantilla neutra que puedes adaptar a tu marca, y su exportación a PDF",
      "El hilo narrativo completo: problema, solución, mercado, tracción, modelo de negocio, competencia, equipo, finanzas y lo que pides",
      "Notas del orador de 60 a 120 palabras para cada diapositiva",
      "Un teaser de una página (PDF) para mandar a los inversores antes de la primera llamada",
      "Gráficos y tablas construidos con las cifras que nos das; jamás inventamos datos",
      "Las diez preguntas que con más probabilidad te harán los inversores, con respuestas sugeridas",
    ],
  },
  faq: {
    en: [
      {
        question: "What do I need to provide?",
        answer:
          "The brief asks for your product, market, traction, team, how much you are raising and what it will pay for. Attach links to your current deck, a financial model or any document that helps. The more honest the numbers, the stronger the story.",
      },
      {
        question: "Is my information kept confidential?",
        answer:
          "Yes. Only the writer and editor assigned to your order see your brief, both under confidentiality obligations. We never show client decks in our portfolio without written permission.",
      },
      {
        question: "Do you design the slides?",
        answer:
          "Each slide is laid out with clear hierarchy and the right chart for the data, on a neutral template. If you have brand guidelines, tell us in the brief and we apply your fonts and colours; a bespoke visual identity is not included.",
      },
      {
        question: "Can you help with the financial model itself?",
        answer:
          "We present your figures clearly and point out gaps an investor would question, but we do not build or audit financial models. For a written business case alongside the deck, look at the Investor & Strategy Suite.",
      },
    ],
    es: [
      {
        question: "¿Qué tengo que aportar?",
        answer:
          "El briefing te pide tu producto, tu mercado, tu tracción, tu equipo, cuánto quieres levantar y a qué lo destinarás. Añade enlaces a tu presentación actual, a tu modelo financiero o a cualquier documento que ayude. Cuanto más sinceros sean los números, más sólida será la historia.",
      },
      {
        question: "¿Mi información es confidencial?",
        answer:
          "Sí. Solo ven tu briefing el redactor y el editor asignados a tu pedido, ambos con obligación de confidencialidad. Nunca mostramos presentaciones de clientes en nuestro portfolio sin su permiso por escrito.",
      },
      {
        question: "¿Diseñáis las diapositivas?",
        answer:
          "Maquetamos cada diapositiva con una jerarquía clara y el gráfico adecuado para cada dato, sobre una plantilla neutra. Si tienes manual de marca, indícalo en el briefing y aplicamos tus tipografías y colores; una identidad visual a medida no está incluida.",
      },
      {
        question: "¿Me ayudáis con el modelo financiero?",
        answer:
          "Presentamos tus cifras con claridad y te señalamos las lagunas que un inversor cuestionaría, pero no elaboramos ni auditamos modelos financieros. Si además de la presentación quieres un plan de negocio por escrito, echa un vistazo al pack Investor & Strategy Suite.",
      },
    ],
  },
};
