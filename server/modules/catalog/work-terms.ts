import type { ProductTerms } from "./catalog-entries";

/** Business days a revision takes per service when the catalog is first seeded (editable in the products table). */
const REVISION_DAYS: Record<string, number> = {
  "article-forge": 2,
  "web-copycraft": 3,
  "seo-layer": 2,
  "investor-deck": 5,
  "whitepaper-builder": 5,
  "project-snapshot": 3,
  "custom-creation": 5,
};

export function revisionDays(serviceId: string): number {
  return REVISION_DAYS[serviceId] ?? 3;
}

export const DEFAULT_TERMS: ProductTerms = { turnaroundDays: 5, revisionRounds: 2, revisionDays: 3 };
