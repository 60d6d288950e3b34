import type { BriefForm } from "./types";
import { audienceField, notesField, toneField, websiteField } from "./shared-fields";

export const webCopycraftBrief: BriefForm = {
  productId: "web-copycraft",
  fields: [
    {
      name: "business",
      type: "text",
      required: true,
      minLength: 2,
      maxLength: 120,
      label: { en: "Business name", es: "Nombre del negocio" },
    },
    {
      name: "offer",
      type: "textarea",
      required: true,
      minLength: 20,
      maxLength: 1500,
      label: { en: "What you sell", es: "Qué vendes" },
      help: { en: "Your products or services and what makes them different.", es: "Tus productos o servicios y qué los hace distintos." },
    },
    audienceField,
    {
      name: "pages",
      type: "number",
      required: true,
      min: 1,
      max: 12,
      integer: true,
      label: { en: "Number of pages", es: "Número de páginas" },
      help: { en: "Home, about, services, contact… up to 12.", es: "Inicio, quiénes somos, servicios, contacto… hasta 12." },
    },
    toneField,
    websiteField,
    notesField,
  ],
};
