import type { BriefForm } from "./types";
import { notesField, toneField } from "./shared-fields";

export const customCreationBrief: BriefForm = {
  productId: "custom-creation",
  fields: [
    {
      name: "documentType",
      type: "text",
      required: true,
      minLength: 3,
      maxLength: 120,
      label: { en: "What we should write", es: "Qué debemos escribir" },
      placeholder: { en: "Press release, newsletter, case study…", es: "Nota de prensa, boletín, caso de éxito…" },
    },
    {
      name: "description",
      type: "textarea",
      required: true,
      minLength: 20,
      maxLength: 3000,
      label: { en: "Describe it", es: "Descríbelo" },
      help: { en: "Purpose, readers, structure and anything it must include.", es: "Propósito, lectores, estructura y lo que debe incluir." },
    },
    {
      name: "wordCount",
      type: "number",
      required: false,
      min: 100,
      max: 20000,
      integer: true,
      label: { en: "Approximate word count", es: "Número aproximado de palabras" },
    },
    toneField,
    notesField,
  ],
};
