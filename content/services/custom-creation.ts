import type { ServiceContent } from "../types";

export const customCreation: ServiceContent = {
  id: "custom-creation",
  name: { en: "Custom Creation", es: "Custom Creation" },
  tagline: {
    en: "The piece of writing that fits no menu, done with the same care as everything else.",
    es: "Ese texto que no encaja en ningún catálogo, hecho con el mismo mimo que todo lo demás.",
  },
  summary: {
    en: "Tell us what you need written and we scope it, assign the right writer and deliver it. Press releases, email sequences, product descriptions, speeches, case studies or a careful adaptation from English to Spanish: {{words}} or the equivalent, in the format you choose.",
    es: "Cuéntanos qué necesitas y nosotros lo acotamos, elegimos al redactor adecuado y te lo entregamos. Notas de prensa, secuencias de correos, fichas de producto, discursos, casos de éxito o una adaptación cuidada del inglés al español: {{words}} o su equivalente, en el formato que elijas.",
  },
  forWhom: {
    en: [
      "Businesses with a one-off writing job that none of our other services covers",
      "Teams who need a product launch announced across press, email and social media",
      "Online shops with a batch of product descriptions to write or rewrite",
      "Companies expanding into Spanish- or English-speaking markets that need texts adapted, not just translated",
    ],
    es: [
      "Empresas con un encargo puntual que ninguno de nuestros otros servicios cubre",
      "Equipos que necesitan anunciar un lanzamiento en prensa, correo electrónico y redes sociales",
      "Tiendas online con una tanda de fichas de producto por escribir o reescribir",
      "Empresas que dan el salto a mercados de habla inglesa o hispana y necesitan adaptar sus textos, no solo traducirlos",
    ],
  },
  deliverables: {
    en: [
      "Written confirmation of scope, format and delivery date within one business day of your order",
      "Finished text of {{words}}, or the equivalent: for example a five-email sequence, 20 product descriptions, or a press release with its media pitch",
      "Your choice of DOCX, PDF, PPTX or Markdown",
      "One dedicated writer from brief to final version, with an editor's proofread",
      "{{revisions}}, asked for on the order's page within {{reviewWindow}} of each delivery",
    ],
    es: [
      "Confirmación por escrito del alcance, el formato y la fecha de entrega en el primer día laborable tras tu pedido",
      "Texto terminado de {{words}}, o su equivalente: por ejemplo una secuencia de cinco correos, 20 fichas de producto o una nota de prensa con su correo para periodistas",
      "El formato que prefieras: DOCX, PDF, PPTX o Markdown",
      "Un redactor dedicado desde el briefing hasta la versión final, con corrección de un editor",
      "{{revisions}}, que pides en la página del pedido durante los {{reviewWindow}} siguientes a cada entrega",
    ],
  },
  faq: {
    en: [
      {
        question: "What happens if my request is bigger than 3,000 words?",
        answer:
          "We tell you in the scope confirmation, before any work starts. You can narrow the request or ask us to cancel the order: while it is paid or in progress, a cancellation refunds the full amount to your balance.",
      },
      {
        question: "What kinds of work do you not accept?",
        answer:
          "Academic work submitted as your own, fake reviews, content that misleads consumers, and anything defamatory or illegal. Everything else that is written is worth asking about.",
      },
      {
        question: "Do you translate?",
        answer:
          "We adapt between English and Spanish: a native writer rewrites the text so it reads as if it had been written in that language, with local examples and idioms. For certified or sworn translation you need a specialised translator.",
      },
      {
        question: "Can I ask for a specific writer?",
        answer:
          "Yes. If you have worked with one of our writers before, mention them in the brief and we assign them whenever their schedule allows the promised delivery date.",
      },
    ],
    es: [
      {
        question: "¿Qué pasa si mi encargo supera las 3000 palabras?",
        answer:
          "Te lo decimos en la confirmación del alcance, antes de empezar. Puedes acotar el encargo o pedirnos que cancelemos el pedido: mientras esté pagado o en curso, la cancelación te devuelve el importe íntegro a tu saldo.",
      },
      {
        question: "¿Qué encargos no aceptáis?",
        answer:
          "Trabajos académicos para presentarlos como propios, reseñas falsas, contenidos que engañen al consumidor y cualquier cosa difamatoria o ilegal. Para cualquier otro encargo escrito, pregúntanos sin compromiso.",
      },
      {
        question: "¿Hacéis traducciones?",
        answer:
          "Adaptamos entre inglés y español: un redactor nativo reescribe el texto para que parezca escrito en ese idioma desde el principio, con ejemplos y expresiones locales. Para traducciones juradas necesitas un traductor especializado.",
      },
      {
        question: "¿Puedo pedir un redactor concreto?",
        answer:
          "Sí. Si ya has trabajado con alguno de nuestros redactores, menciónalo en el briefing y te lo asignamos siempre que su agenda permita cumplir la fecha prometida.",
      },
    ],
  },
};
