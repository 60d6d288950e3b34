import type { BriefForm } from "./types";
import { audienceField, notesField } from "./shared-fields";

export const whitepaperBuilderBrief: BriefForm = {
  productId: "whitepaper-builder",
  fields: [
    {
      name: "title",
      type: "text",
      required: true,
      minLength: 5,
      maxLength: 200,
      label: { en: "Working title", es: "Título provisional" },
    },
    {
      name: "problem",
      type: "textarea",
      required: true,
      minLength: 20,
      maxLength: 2000,
      label: { en: "Problem it addresses", es: "Problema que aborda" },
    },
    audienceField,
    {
      name: "pages",
      type: "select",
      required: true,
      label: { en: "Length", es: "Extensión" },
      options: [
        { value: "6-8", label: { en: "6–8 pages", es: "6–8 páginas" } },
        { value: "10-15", label: { en: "10–15 pages", es: "10–15 páginas" } },
        { value: "20-plus", label: { en: "20 pages or more", es: "20 páginas o más" } },
      ],
    },
    {
      name: "sources",
      type: "tags",
      required: false,
      maxItems: 10,
      maxLength: 300,
      label: { en: "Sources to cite", es: "Fuentes a citar" },
      help: { en: "Reports, studies or links.", es: "Informes, estudios o enlaces." },
    },
    notesField,
  ],
};
