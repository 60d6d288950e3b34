import type { BundleId, ProductId, ServiceId } from "../contract/catalog";

/** Copy written for each language (never one machine-shaped from the other). */
export interface Localized<T = string> {
  en: T;
  es: T;
}

export interface Faq {
  question: string;
  answer: string;
}

/** Everything the service page says about one service. */
export interface ServiceContent {
  id: ServiceId;
  name: Localized;
  tagline: Localized;
  summary: Localized;
  forWhom: Localized<string[]>;
  deliverables: Localized<string[]>;
  /** e.g. "5 business days" */
  turnaround: Localized;
  faq: Localized<Faq[]>;
}

export interface BundleContent {
  id: BundleId;
  name: Localized;
  tagline: Localized;
  summary: Localized;
  highlights: Localized<string[]>;
}

/** An information page (about, privacy policy, terms of service). */
export interface InfoPageContent {
  title: Localized;
  description: Localized;
  sections: Localized<Array<{ heading: string; paragraphs: string[] }>>;
}

/** One field of a service's brief form: renders the form in the browser and validates it on the server. */
export type BriefField = {
  name: string;
  label: Localized;
  help?: Localized;
  required: boolean;
} & (
  | { type: "text" | "textarea"; minLength?: number; maxLength: number; placeholder?: Localized }
  | { type: "url"; maxLength: number }
  | { type: "number"; min: number; max: number; integer: boolean }
  | { type: "select"; options: Array<{ value: string; label: Localized }> }
  | { type: "tags"; maxItems: number; maxLength: number }
);

export interface BriefForm {
  productId: ProductId;
  fields: BriefField[];
}
