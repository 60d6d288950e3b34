import type { ServiceContent } from "../types";

export const projectSnapshot: ServiceContent = {
  id: "project-snapshot",
  name: { en: "Project Snapshot", es: "Project Snapshot" },
  tagline: {
    en: "Your project on two pages: clear enough for a partner, sharp enough for a funder.",
    es: "Tu proyecto en dos páginas: claro para un socio y convincente para quien lo financia.",
  },
  summary: {
    en: "Project Snapshot condenses an idea, a launch or an ongoing initiative into a two-page project brief anyone can grasp in three minutes. It sets out the problem, the plan, the milestones, the budget and the risks, with elevator pitches for the moments when two pages are too many.",
    es: "Project Snapshot resume una idea, un lanzamiento o una iniciativa en marcha en una ficha de proyecto de dos páginas que cualquiera entiende en tres minutos. Recoge el problema, el plan, los hitos, el presupuesto y los riesgos, y añade discursos de ascensor para cuando dos páginas ya son demasiado.",
  },
  forWhom: {
    en: [
      "Founders who need to explain a new venture to co-founders, partners or first hires",
      "Project managers seeking approval and budget from senior management",
      "Applicants to grants, accelerators or tenders that ask for a project summary",
      "Agencies presenting a proposal to a client in a format that gets read",
    ],
    es: [
      "Fundadores que tienen que explicar un proyecto nuevo a socios, cofundadores o primeras contrataciones",
      "Jefes de proyecto que buscan la aprobación y el presupuesto de la dirección",
      "Candidatos a subvenciones, aceleradoras o licitaciones que piden un resumen del proyecto",
      "Agencias que presentan una propuesta a un cliente en un formato que sí se lee",
    ],
  },
  deliverables: {
    en: [
      "A two-page project brief (DOCX and PDF): problem, objective, approach, scope and expected results",
      "A milestone timeline table with dates, owners and deliverables",
      "A budget overview table based on the figures you provide",
      "A risk table with the five main risks, their likelihood and how you will handle them",
      "Two elevator pitches: one of 150 words and one of 50 words",
    ],
    es: [
      "Una ficha de proyecto de dos páginas (DOCX y PDF): problema, objetivo, enfoque, alcance y resultados esperados",
      "Una tabla de hitos con fechas, responsables y resultados",
      "Una tabla resumen del presupuesto a partir de las cifras que nos facilites",
      "Una tabla con los cinco riesgos principales, su probabilidad y cómo los vas a gestionar",
      "Dos discursos de ascensor: uno de 150 palabras y otro de 50",
    ],
  },
  faq: {
    en: [
      {
        question: "My project is still an idea. Is that enough?",
        answer:
          "Yes. Many snapshots start from a few notes. The brief guides you through the questions that matter, and where something is not decided yet, we mark it as an open point instead of filling it with guesses.",
      },
      {
        question: "Can I use the snapshot for a grant application?",
        answer:
          "It is a strong base for one. Add the call's requirements or a link to its rules in the brief and we order the sections to match the evaluation criteria. The official application forms remain yours to complete.",
      },
      {
        question: "How is it different from an investor deck?",
        answer:
          "A deck is built to be presented and to persuade investors. A snapshot is a document to be read: it informs partners, managers or evaluators and helps them decide. Many clients order both in the Investor & Strategy Suite.",
      },
      {
        question: "Can the snapshot be in both English and Spanish?",
        answer:
          "Each order is written in one language, the one you choose in the brief. For a second language, order the snapshot again or add Custom Creation for a professional adaptation.",
      },
    ],
    es: [
      {
        question: "Mi proyecto todavía es solo una idea. ¿Es suficiente?",
        answer:
          "Sí. Muchas fichas nacen de cuatro notas. El briefing te guía por las preguntas que importan y, si algo aún no está decidido, lo señalamos como punto abierto en lugar de rellenarlo con suposiciones.",
      },
      {
        question: "¿Puedo usar la ficha para pedir una subvención?",
        answer:
          "Es una base excelente. Añade en el briefing los requisitos de la convocatoria o un enlace a sus bases y ordenamos los apartados según los criterios de evaluación. Los formularios oficiales de la solicitud los rellenas tú.",
      },
      {
        question: "¿En qué se diferencia de una presentación para inversores?",
        answer:
          "Una presentación está pensada para exponerse y convencer a inversores. Una ficha de proyecto es un documento para leer: informa a socios, directivos o evaluadores y les ayuda a decidir. Muchos clientes encargan las dos en el pack Investor & Strategy Suite.",
      },
      {
        question: "¿Puede estar la ficha en español y en inglés?",
        answer:
          "Cada pedido se redacta en un idioma, el que elijas en el briefing. Para tenerla en otro idioma, encarga la ficha otra vez o añade Custom Creation para una adaptación profesional.",
      },
    ],
  },
};
