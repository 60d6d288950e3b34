import type { BriefForm } from "./types";
import { keywordsField, notesField } from "./shared-fields";

export const seoLayerBrief: BriefForm = {
  productId: "seo-layer",
  fields: [
    {
      name: "website",
      type: "url",
      required: true,
      maxLength: 300,
      label: { en: "Website to optimise", es: "Sitio web a optimizar" },
      help: { en: "Starting with https://", es: "Empezando por https://" },
    },
    { ...keywordsField, required: true, help: { en: "The searches you want to be found for.", es: "Las búsquedas en las que quieres aparecer." } },
    {
      name: "market",
      type: "select",
      required: true,
      label: { en: "Main market", es: "Mercado principal" },
      options: [
        { value: "local", label: { en: "Local (one city or region)", es: "Local (una ciudad o región)" } },
        { value: "national", label: { en: "National", es: "Nacional" } },
        { value: "international", label: { en: "International", es: "Internacional" } },
      ],
    },
    {
      name: "competitors",
      type: "tags",
      required: false,
      maxItems: 5,
      maxLength: 120,
      label: { en: "Competitors", es: "Competidores" },
      help: { en: "Sites you compete with.", es: "Sitios con los que compites." },
    },
    notesField,
  ],
};
