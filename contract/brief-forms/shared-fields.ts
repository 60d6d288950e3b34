import type { BriefField } from "./types";

/** Fields several brief forms ask the same way. */
export const notesField: BriefField = {
  name: "notes",
  type: "textarea",
  required: false,
  maxLength: 2000,
  label: { en: "Anything else we should know", es: "Algo más que debamos saber" },
  help: {
    en: "Links to material, words to avoid, deadlines, people to mention.",
    es: "Enlaces a material, palabras que evitar, plazos, personas a mencionar.",
  },
};

export const keywordsField: BriefField = {
  name: "keywords",
  type: "tags",
  required: false,
  maxItems: 10,
  maxLength: 60,
  label: { en: "Keywords", es: "Palabras clave" },
  help: { en: "The search terms you want to be found for.", es: "Los términos de búsqueda por los que quieres que te encuentren." },
};

export const toneField: BriefField = {
  name: "tone",
  type: "select",
  required: true,
  label: { en: "Tone of voice", es: "Tono de voz" },
  options: [
    { value: "professional", label: { en: "Professional", es: "Profesional" } },
    { value: "friendly", label: { en: "Friendly", es: "Cercano" } },
    { value: "authoritative", label: { en: "Authoritative", es: "Experto" } },
    { value: "playful", label: { en: "Playful", es: "Desenfadado" } },
  ],
};

export const websiteField: BriefField = {
  name: "website",
  type: "url",
  required: false,
  maxLength: 300,
  label: { en: "Current website", es: "Sitio web actual" },
  help: { en: "Starting with https://", es: "Empezando por https://" },
};

export const audienceField: BriefField = {
  name: "audience",
  type: "text",
  required: true,
  minLength: 3,
  maxLength: 200,
  label: { en: "Who will read it", es: "Quién lo leerá" },
  help: { en: "e.g. small-business owners in Spain", es: "p. ej. dueños de pequeños negocios en España" },
};
