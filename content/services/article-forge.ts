import type { ServiceContent } from "../types";

export const articleForge: ServiceContent = {
  id: "article-forge",
  name: { en: "Article Forge", es: "Article Forge" },
  tagline: {
    en: "One researched, search-ready article that your readers finish and Google understands.",
    es: "Un artículo bien documentado y listo para buscadores que tus lectores leen hasta el final.",
  },
  summary: {
    en: "A professional writer reads your brief, researches your topic and writes an article of {{words}} in your brand's voice. Every claim is sourced, every heading earns its place, and the piece arrives with its meta title and description ready to publish.",
    es: "Un redactor profesional se empapa de tu tema, exprime tu briefing y escribe un artículo de {{words}} con la voz de tu marca. Cada dato va con su fuente, cada apartado tiene un porqué y el texto llega con su meta título y su meta descripción, listo para publicar.",
  },
  forWhom: {
    en: [
      "Companies whose blog has been silent for months and needs a credible restart",
      "Marketing teams that know what to say but have no hours left to write it",
      "Consultants and agencies who want thought-leadership pieces under their own name",
      "Online shops that need buying guides to rank for the questions customers actually search",
    ],
    es: [
      "Empresas cuyo blog lleva meses parado y necesita volver con un texto que dé confianza",
      "Equipos de marketing que saben qué contar pero ya no tienen horas para escribirlo",
      "Consultores y agencias que quieren firmar artículos de opinión con criterio propio",
      "Tiendas online que necesitan guías de compra para posicionar por lo que de verdad busca su cliente",
    ],
  },
  deliverables: {
    en: [
      "One original article of {{words}} (the length you choose in the brief), written for your audience and your keyword",
      "Delivered as an editable DOCX plus a clean PDF for approval rounds",
      "Three headline options and a 155-character meta description",
      "Subheadings structured for featured snippets, with an FAQ block where it helps",
      "At least five cited sources with links, and two to four internal-link suggestions to your own pages",
      "Plagiarism check report and a short note on the angle we chose and why",
    ],
    es: [
      "Un artículo original de {{words}} (la extensión que elijas en el briefing), pensado para tu público y tu palabra clave",
      "Entrega en DOCX editable y en PDF limpio para las rondas de aprobación",
      "Tres propuestas de titular y una meta descripción de 155 caracteres",
      "Estructura de subtítulos preparada para fragmentos destacados, con bloque de preguntas frecuentes cuando aporta",
      "Al menos cinco fuentes citadas con enlace y de dos a cuatro sugerencias de enlazado interno a tus páginas",
      "Informe de originalidad y una breve nota sobre el enfoque elegido y el motivo",
    ],
  },
  faq: {
    en: [
      {
        question: "Do I choose the topic or do you?",
        answer:
          "Either. Give us a topic and a keyword in the brief, or describe your audience and goal and we propose an angle before we start writing. If the brief leaves room for doubt, your writer emails you within one business day.",
      },
      {
        question: "Will the article sound like us?",
        answer:
          "Yes. The brief asks for your tone, words you never use and a link to text you like. Writers match that voice, and the {{revisions}} included are there for the last ten per cent.",
      },
      {
        question: "Who owns the article?",
        answer:
          "You do. Once the order is paid, all rights to the text pass to you: publish it under any name, edit it, translate it. We never resell or reuse delivered work.",
      },
      {
        question: "Is the text written by AI?",
        answer:
          "No. A human writer researches and writes every article. Writers may use tools for spelling or fact checks, but the structure, arguments and sentences are theirs, and every piece passes an originality check.",
      },
      {
        question: "How do I get the file?",
        answer:
          "When the status of your order changes to delivered, open Orders in your account and download the result. You have {{reviewWindow}} to review each delivery and {{revisions}}: ask for one with the button on the order's page, and the reworked version is back within {{revisionTime}}.",
      },
    ],
    es: [
      {
        question: "¿Elijo yo el tema o lo elegís vosotros?",
        answer:
          "Como prefieras. Puedes indicar tema y palabra clave en el briefing, o contarnos a quién te diriges y qué buscas para que te propongamos un enfoque antes de escribir. Si algo del briefing no queda claro, tu redactor te escribe en un día laborable.",
      },
      {
        question: "¿Sonará a nosotros?",
        answer:
          "Sí. El briefing te pregunta por tu tono, las palabras que nunca usas y algún texto que te guste. El redactor se adapta a esa voz, y las {{revisions}} incluidas sirven para pulir los últimos detalles.",
      },
      {
        question: "¿De quién es el artículo?",
        answer:
          "Tuyo. En cuanto el pedido está pagado, todos los derechos sobre el texto pasan a ti: puedes publicarlo con cualquier firma, editarlo o traducirlo. Nunca revendemos ni reutilizamos un trabajo entregado.",
      },
      {
        question: "¿Lo escribe una inteligencia artificial?",
        answer:
          "No. Cada artículo lo investiga y lo escribe una persona. Nuestros redactores pueden apoyarse en correctores o verificadores, pero la estructura, los argumentos y las frases son suyos, y todo texto pasa un control de originalidad.",
      },
      {
        question: "¿Cómo recibo el archivo?",
        answer:
          "Cuando el estado de tu pedido pase a entregado, entra en Pedidos dentro de tu cuenta y descarga el resultado. Tienes {{reviewWindow}} para revisar cada entrega y {{revisions}}: pídela con el botón de la página del pedido y la versión corregida te llega en {{revisionTime}}.",
      },
    ],
  },
};
