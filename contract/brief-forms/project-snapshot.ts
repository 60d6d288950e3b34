import type { BriefForm } from "./types";
import { notesField } from "./shared-fields";

export const projectSnapshotBrief: BriefForm = {
  productId: "project-snapshot",
  fields: [
    {
      name: "project",
      type: "text",
      required: true,
      minLength: 2,
      maxLength: 120,
      label: { en: "Project name", es: "Nombre del proyecto" },
    },
    {
      name: "goal",
      type: "textarea",
      required: true,
      minLength: 10,
      maxLength: 1000,
      label: { en: "Goal", es: "Objetivo" },
      help: { en: "What the project must achieve and by when.", es: "Qué debe lograr el proyecto y para cuándo." },
    },
    {
      name: "readers",
      type: "select",
      required: true,
      label: { en: "Written for", es: "Dirigido a" },
      options: [
        { value: "investors", label: { en: "Investors", es: "Inversores" } },
        { value: "partners", label: { en: "Partners", es: "Socios" } },
        { value: "team", label: { en: "Internal team", es: "Equipo interno" } },
        { value: "clients", label: { en: "Clients", es: "Clientes" } },
      ],
    },
    {
      name: "milestones",
      type: "tags",
      required: false,
      maxItems: 8,
      maxLength: 120,
      label: { en: "Milestones", es: "Hitos" },
    },
    notesField,
  ],
};
