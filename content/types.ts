import type { BundleId, ServiceId } from "../contract/catalog";
import type { Localized } from "../contract/localized";

export type { Localized };

export interface Faq {
  question: string;
  answer: string;
}

/**
 * Everything the service page says about one service. Turnaround, revision rounds, length and formats are catalog
 * data (content/catalog.ts, the database): the copy names them only through placeholders (`{{words}}`,
 * `{{revisions}}`, `{{article-forge.words}}` …, content/promises.ts), never as its own figures.
 */
export interface ServiceContent {
  id: ServiceId;
  name: Localized;
  tagline: Localized;
  summary: Localized;
  forWhom: Localized<string[]>;
  deliverables: Localized<string[]>;
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
