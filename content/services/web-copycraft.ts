import type { ServiceContent } from "../types";

export const webCopycraft: ServiceContent = {
  id: "web-copycraft",
  name: { en: "Web Copycraft", es: "Web Copycraft" },
  tagline: {
    en: "Website copy that explains what you do in five seconds and asks for the sale.",
    es: "Textos web que explican a qué te dedicas en cinco segundos y piden la venta sin rodeos.",
  },
  summary: {
    en: "We write the words for up to five pages of your website, from the first headline to the last button label. Each page gets one clear job and a call to action that fits it, so visitors understand your offer and know exactly what to do next.",
    es: "Escribimos los textos de hasta cinco páginas de tu web, desde el primer titular hasta la última etiqueta de botón. Cada página tiene una misión clara y una llamada a la acción a su medida, para que quien te visita entienda tu propuesta y sepa qué hacer a continuación.",
  },
  forWhom: {
    en: [
      "Start-ups launching their first website and staring at an empty page builder",
      "Established businesses whose site still describes what they did five years ago",
      "Web designers and agencies who need copy ready before the layout is signed off",
      "Service professionals who get visits but too few enquiries",
    ],
    es: [
      "Startups que lanzan su primera web y se han quedado en blanco delante del maquetador",
      "Empresas consolidadas cuya web sigue contando lo que hacían hace cinco años",
      "Diseñadores y agencias web que necesitan los textos antes de cerrar la maqueta",
      "Profesionales de servicios que reciben visitas pero muy pocas solicitudes de presupuesto",
    ],
  },
  deliverables: {
    en: [
      "Copy for up to 5 pages (for example home, about, services, pricing and contact), {{words}} in total",
      "A DOCX laid out section by section in page order, so your designer can paste it straight in",
      "Headlines, subheadlines, calls to action and button labels for every section",
      "A meta title and meta description for each page",
      "Microcopy for forms, confirmation messages and the 404 page",
      "A one-page voice guide (PDF) so future texts keep sounding like the same company",
    ],
    es: [
      "Textos para hasta 5 páginas (por ejemplo inicio, quiénes somos, servicios, tarifas y contacto), {{words}} en total",
      "Un DOCX ordenado por secciones y en el orden de cada página, para que tu diseñador lo vuelque tal cual",
      "Titulares, subtítulos, llamadas a la acción y textos de botón para cada sección",
      "Meta título y meta descripción para cada página",
      "Microtextos para formularios, mensajes de confirmación y la página de error 404",
      "Una guía de voz de una página (PDF) para que todo lo que escribas después suene a la misma empresa",
    ],
  },
  faq: {
    en: [
      {
        question: "I need more than five pages. What then?",
        answer:
          "Place a second Web Copycraft order for the next five pages, or add Custom Creation for the extra pages if they are short. If you are unsure, write to us through the contact page before ordering and we will tell you which option costs less.",
      },
      {
        question: "Do you need my existing website?",
        answer:
          "If you have one, add the address in the brief: it shows us what works and what does not. If you are starting from nothing, describe your offer, your customers and two or three competitors you admire or dislike.",
      },
      {
        question: "Is the copy optimised for search engines?",
        answer:
          "Each page is written around a main search term you give us or we suggest, with titles and meta descriptions included. For full keyword research and a linking plan across the site, add SEO Layer or choose a bundle that contains it.",
      },
      {
        question: "Do you design or build the pages?",
        answer:
          "No, we write. The document follows the order of each page so a designer, developer or site builder can use it without guessing where each text goes.",
      },
      {
        question: "What if the copy misses the mark?",
        answer:
          "{{revisions}} are included: ask for one on the order's page within {{reviewWindow}} of the delivery and tell us what feels off, even roughly, and your writer reworks the pages within {{revisionTime}}.",
      },
    ],
    es: [
      {
        question: "Necesito más de cinco páginas. ¿Cómo lo hago?",
        answer:
          "Haz un segundo pedido de Web Copycraft para las cinco páginas siguientes, o suma Custom Creation para las páginas extra si son breves. Si dudas, escríbenos desde la página de contacto antes de comprar y te decimos qué opción te sale más barata.",
      },
      {
        question: "¿Necesitáis ver mi web actual?",
        answer:
          "Si ya tienes web, pon la dirección en el briefing: nos enseña qué funciona y qué no. Si partes de cero, cuéntanos qué ofreces, a quién se lo vendes y dos o tres competidores que te gusten o que no soportes.",
      },
      {
        question: "¿Los textos están optimizados para buscadores?",
        answer:
          "Cada página se escribe en torno a una búsqueda principal que nos das o que te proponemos, con títulos y meta descripciones incluidos. Si quieres un estudio de palabras clave completo y un plan de enlazado para toda la web, añade SEO Layer o elige un pack que lo incluya.",
      },
      {
        question: "¿Diseñáis o montáis las páginas?",
        answer:
          "No, nosotros escribimos. El documento sigue el orden de cada página para que un diseñador, un desarrollador o tu constructor de webs lo aproveche sin adivinar dónde va cada texto.",
      },
      {
        question: "¿Y si los textos no dan en el clavo?",
        answer:
          "Tienes {{revisions}} incluidas: pídela en la página del pedido durante los {{reviewWindow}} siguientes a la entrega y cuéntanos qué no te convence, aunque sea a grandes rasgos, y tu redactor rehace las páginas en {{revisionTime}}.",
      },
    ],
  },
};
