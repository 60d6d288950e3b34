import type { BriefForm } from "./types";
import { notesField, websiteField } from "./shared-fields";

export const investorDeckBrief: BriefForm = {
  productId: "investor-deck",
  fields: [
    {
      name: "company",
      type: "text",
      required: true,
      minLength: 2,
      maxLength: 120,
      label: { en: "Company", es: "Empresa" },
    },
    {
      name: "stage",
      type: "select",
      required: true,
      label: { en: "Stage", es: "Fase" },
      options: [
        { value: "pre-seed", label: { en: "Pre-seed", es: "Pre-semilla" } },
        { value: "seed", label: { en: "Seed", es: "Semilla" } },
        { value: "series-a", label: { en: "Series A", es: "Serie A" } },
        { value: "series-b-plus", label: { en: "Series B or later", es: "Serie B o posterior" } },
      ],
    },
    {
      name: "raiseAmount",
      type: "number",
      required: true,
      min: 10000,
      max: 500000000,
      integer: true,
      label: { en: "Amount you are raising", es: "Importe que buscas" },
      help: { en: "In your order's currency, whole units.", es: "En la moneda del pedido, sin decimales." },
    },
    {
      name: "market",
      type: "textarea",
      required: true,
      minLength: 10,
      maxLength: 1000,
      label: { en: "Market", es: "Mercado" },
      help: { en: "Who buys, how many of them, and why now.", es: "Quién compra, cuántos son y por qué ahora." },
    },
    {
      name: "traction",
      type: "textarea",
      required: false,
      maxLength: 1000,
      label: { en: "Traction", es: "Tracción" },
      help: { en: "Revenue, users, pilots, partnerships.", es: "Ingresos, usuarios, pilotos, acuerdos." },
    },
    websiteField,
    notesField,
  ],
};
