import type { ServiceContent } from "../types";

export const whitepaperBuilder: ServiceContent = {
  id: "whitepaper-builder",
  name: { en: "Whitepaper Builder", es: "Whitepaper Builder" },
  tagline: {
    en: "A whitepaper buyers download, read and forward to the person who signs the budget.",
    es: "Un libro blanco que tus clientes descargan, leen y reenvían a quien firma el presupuesto.",
  },
  summary: {
    en: "We research your subject, work through your material and write an 8–12 page whitepaper of {{words}} that proves your expertise without reading like a brochure. It arrives designed and ready to put behind a download form, with the copy to promote it.",
    es: "Investigamos tu materia, exprimimos la documentación que nos pases y escribimos un libro blanco de 8 a 12 páginas y {{words}} que demuestra lo que sabes sin sonar a folleto. Llega maquetado, listo para colocarlo tras un formulario de descarga y con los textos para promocionarlo.",
  },
  forWhom: {
    en: [
      "B2B companies that need a lead magnet worth an email address",
      "Technology firms explaining a complex product to buyers who are not engineers",
      "Consultancies turning years of know-how into a document that sells for them",
      "Associations and public bodies publishing a position on an industry question",
    ],
    es: [
      "Empresas B2B que necesitan un contenido descargable que merezca un correo electrónico",
      "Tecnológicas que tienen que explicar un producto complejo a compradores que no son ingenieros",
      "Consultoras que quieren convertir años de experiencia en un documento que venda por ellas",
      "Asociaciones y organismos que publican su postura sobre una cuestión del sector",
    ],
  },
  deliverables: {
    en: [
      "A whitepaper of {{words}} across 8–12 pages, with an executive summary up front",
      "A designed PDF ready to publish, plus the editable DOCX",
      "Up to four charts or tables built from your data or from cited public sources",
      "A reference list with every source linked",
      "Promotion kit: a 150-word landing-page blurb, three LinkedIn posts and one newsletter paragraph",
    ],
    es: [
      "Un libro blanco de {{words}} repartidas en 8 a 12 páginas, con un resumen ejecutivo al principio",
      "Un PDF maquetado y listo para publicar, además del DOCX editable",
      "Hasta cuatro gráficos o tablas elaborados con tus datos o con fuentes públicas citadas",
      "Una bibliografía con todas las fuentes enlazadas",
      "Kit de difusión: un texto de 150 palabras para la página de descarga, tres publicaciones para LinkedIn y un párrafo para tu newsletter",
    ],
  },
  faq: {
    en: [
      {
        question: "How technical can the subject be?",
        answer:
          "Very. We match each whitepaper to a writer with background in the field, from logistics and energy to software and finance. If a point needs an expert's confirmation, the writer sends you precise questions rather than guessing.",
      },
      {
        question: "Can you interview people on our team?",
        answer:
          "Yes. Name up to two people in the brief and the writer arranges a 30-minute video call with each. Interviews are the fastest way to get insight that no competitor can copy.",
      },
      {
        question: "Does the PDF follow our brand?",
        answer:
          "Give us your logo, colours and fonts in the brief and the layout uses them. Without brand guidelines we use a clean, neutral design that you can change later in the DOCX.",
      },
      {
        question: "What is the difference from Article Forge?",
        answer:
          "An article answers one question for a broad audience. A whitepaper builds a complete argument for decision-makers, with data, structure and design, and is usually used to capture leads.",
      },
    ],
    es: [
      {
        question: "¿Hasta qué punto puede ser técnico el tema?",
        answer:
          "Todo lo que haga falta. Asignamos cada libro blanco a un redactor con formación en el sector, de la logística y la energía al software o las finanzas. Si un punto requiere la confirmación de un experto, el redactor te envía preguntas concretas en lugar de suponer.",
      },
      {
        question: "¿Podéis entrevistar a personas de mi equipo?",
        answer:
          "Sí. Indica hasta dos nombres en el briefing y el redactor organiza una videollamada de 30 minutos con cada uno. Las entrevistas son la forma más rápida de conseguir ideas que ningún competidor puede copiar.",
      },
      {
        question: "¿El PDF respeta nuestra imagen de marca?",
        answer:
          "Pásanos en el briefing tu logotipo, tus colores y tus tipografías y la maquetación los utilizará. Si no tienes manual de marca, usamos un diseño limpio y neutro que puedes cambiar después en el DOCX.",
      },
      {
        question: "¿En qué se diferencia de Article Forge?",
        answer:
          "Un artículo responde a una pregunta para un público amplio. Un libro blanco construye un argumento completo para quienes toman decisiones, con datos, estructura y diseño, y suele servir para captar contactos.",
      },
    ],
  },
};
