import type { BriefForm } from "./types";
import { audienceField, keywordsField, notesField, toneField } from "./shared-fields";

export const articleForgeBrief: BriefForm = {
  productId: "article-forge",
  fields: [
    {
      name: "topic",
      type: "text",
      required: true,
      minLength: 5,
      maxLength: 200,
      label: { en: "Topic", es: "Tema" },
      help: { en: "What the article is about, in one sentence.", es: "De qué trata el artículo, en una frase." },
      placeholder: { en: "How to price a freelance service", es: "Cómo poner precio a un servicio freelance" },
    },
    audienceField,
    toneField,
    {
      name: "length",
      type: "select",
      required: true,
      label: { en: "Length", es: "Extensión" },
      options: [
        { value: "800", label: { en: "About 800 words", es: "Unas 800 palabras" } },
        { value: "1500", label: { en: "About 1,500 words", es: "Unas 1500 palabras" } },
        { value: "2500", label: { en: "About 2,500 words", es: "Unas 2500 palabras" } },
      ],
    },
    keywordsField,
    notesField,
  ],
};
