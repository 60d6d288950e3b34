/** Product ids as plain values, without zod: what the browser needs on every page. `./catalog` adds the schemas. */
export const SERVICE_IDS = [
  "article-forge",
  "custom-creation",
  "investor-deck",
  "project-snapshot",
  "seo-layer",
  "web-copycraft",
  "whitepaper-builder",
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const BUNDLE_IDS = [
  "full-site-and-content-pack",
  "growth-and-visibility-pack",
  "investor-and-strategy-suite",
  "launch-essentials-kit",
  "premium-content-authority-suite",
] as const;
export type BundleId = (typeof BUNDLE_IDS)[number];

export type ProductId = ServiceId | BundleId;
export const PRODUCT_IDS: readonly ProductId[] = [...SERVICE_IDS, ...BUNDLE_IDS];
export type ProductKind = "service" | "bundle";
