import type { BundleId, ServiceId } from "../contract/catalog";
import type { Currency } from "../contract/currency";
import type { OptionId, OptionKind } from "../contract/service-options";

/** Prices in minor units per currency. Seeded into the database on first start; the database is the source of truth after that. */
export type PriceList = Record<Currency, number>;

/** A file format a service delivers in. */
export type DeliveryFormat = "docx" | "pdf" | "pptx" | "xlsx" | "md";

/** The length a service promises in words: `min` to `max`, or up to `max` when there is no `min`. */
export interface WordRange {
  min?: number;
  max: number;
}

/**
 * `turnaround`: business days from placing to the due date; `revisions`: revision rounds included (LIFECYCLE.md).
 * Seeded with the prices; the database holds them after that (staff may change them), so pages read them from there.
 * `words` (null: not a word count) and `formats` are what every page promises about the result; they are fixed here
 * (docs/decisions/0029-promises-from-catalog-data.md). Article Forge's range covers every length its brief offers.
 */
export const SERVICES: ReadonlyArray<{
  id: ServiceId;
  prices: PriceList;
  turnaround: number;
  revisions: number;
  words: WordRange | null;
  formats: readonly DeliveryFormat[];
}> = [
  { id: "article-forge", prices: { EUR: 14900, USD: 16500, GBP: 12900 }, turnaround: 3, revisions: 2, words: { min: 800, max: 2500 }, formats: ["docx", "pdf"] },
  { id: "web-copycraft", prices: { EUR: 49000, USD: 54000, GBP: 42500 }, turnaround: 7, revisions: 2, words: { min: 2500, max: 3500 }, formats: ["docx", "pdf"] },
  { id: "seo-layer", prices: { EUR: 24000, USD: 26500, GBP: 21000 }, turnaround: 5, revisions: 2, words: null, formats: ["xlsx", "pdf"] },
  { id: "investor-deck", prices: { EUR: 89000, USD: 98000, GBP: 77000 }, turnaround: 10, revisions: 3, words: null, formats: ["pptx", "pdf"] },
  { id: "whitepaper-builder", prices: { EUR: 69000, USD: 76000, GBP: 60000 }, turnaround: 10, revisions: 2, words: { min: 3000, max: 4000 }, formats: ["pdf", "docx"] },
  { id: "project-snapshot", prices: { EUR: 29000, USD: 32000, GBP: 25000 }, turnaround: 5, revisions: 2, words: null, formats: ["docx", "pdf"] },
  { id: "custom-creation", prices: { EUR: 39000, USD: 43000, GBP: 34000 }, turnaround: 10, revisions: 2, words: { max: 3000 }, formats: ["docx", "pdf", "pptx", "md"] },
];

export const BUNDLES: ReadonlyArray<{ id: BundleId; services: ServiceId[]; prices: PriceList }> = [
  {
    id: "launch-essentials-kit",
    services: ["web-copycraft", "project-snapshot", "seo-layer"],
    prices: { EUR: 86900, USD: 95900, GBP: 75500 },
  },
  {
    id: "growth-and-visibility-pack",
    services: ["seo-layer", "article-forge"],
    prices: { EUR: 33900, USD: 37400, GBP: 29500 },
  },
  {
    id: "full-site-and-content-pack",
    services: ["web-copycraft", "article-forge", "seo-layer"],
    prices: { EUR: 74900, USD: 82500, GBP: 65000 },
  },
  {
    id: "investor-and-strategy-suite",
    services: ["investor-deck", "project-snapshot", "whitepaper-builder"],
    prices: { EUR: 159000, USD: 175000, GBP: 138000 },
  },
  {
    id: "premium-content-authority-suite",
    services: ["whitepaper-builder", "article-forge", "seo-layer", "custom-creation"],
    prices: { EUR: 124900, USD: 137900, GBP: 108500 },
  },
];

/** An option as first seeded: its kind, a price per currency, and for rush its turnaround in business days. */
export interface SeedOption {
  id: OptionId;
  kind: OptionKind;
  prices: PriceList;
  turnaroundDays?: number;
}

/** A share of a price list, rounded to whole units of each currency. */
function share(prices: PriceList, percent: number): PriceList {
  const part = (minor: number) => Math.round((minor * percent) / 100 / 100) * 100;
  return { EUR: part(prices.EUR), USD: part(prices.USD), GBP: part(prices.GBP) };
}

/** Extras only one service offers (docs/decisions/0077-service-options.md). */
const EXTRAS: Partial<Record<ServiceId, SeedOption[]>> = {
  "article-forge": [{ id: "meta-descriptions", kind: "extra", prices: { EUR: 3900, USD: 4300, GBP: 3400 } }],
  "investor-deck": [{ id: "speaker-notes", kind: "extra", prices: { EUR: 14900, USD: 16500, GBP: 12900 } }],
};

/**
 * Each service's options when the catalog is first seeded (staff edit them in the back office after that): rush in
 * half the turnaround (rounded up) at 40 % more, one more revision round at 15 %, and the service's own extras.
 */
export const SERVICE_OPTIONS: Record<ServiceId, SeedOption[]> = Object.fromEntries(
  SERVICES.map((service) => [
    service.id,
    [
      { id: "rush", kind: "rush", prices: share(service.prices, 40), turnaroundDays: Math.ceil(service.turnaround / 2) },
      { id: "extra-revision", kind: "revision", prices: share(service.prices, 15) },
      ...(EXTRAS[service.id] ?? []),
    ],
  ]),
) as Record<ServiceId, SeedOption[]>;
