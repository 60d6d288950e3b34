import { BUNDLE_IDS, SERVICE_IDS } from "../contract/product-ids";
import { LOCALES, pathInLocale } from "./locales";

/** Every public page of CONTRACT §1 as its English path; each also exists under /es. */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/services",
  ...SERVICE_IDS.map((id) => `/services/${id}`),
  ...BUNDLE_IDS.map((id) => `/bundles/${id}`),
  "/about-us",
  "/contact-us",
  "/privacy-policy",
  "/terms-of-service",
];

/** The public pages in every language: `/`, `/es`, `/services`, `/es/services`, … */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  PUBLIC_PAGES.flatMap((page) => LOCALES.map((locale) => pathInLocale(page, locale))),
);
