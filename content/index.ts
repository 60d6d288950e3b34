import type { BundleId, ServiceId } from "../contract/catalog";
import { fullSiteAndContentPack } from "./bundles/full-site-and-content-pack";
import { growthAndVisibilityPack } from "./bundles/growth-and-visibility-pack";
import { investorAndStrategySuite } from "./bundles/investor-and-strategy-suite";
import { launchEssentialsKit } from "./bundles/launch-essentials-kit";
import { premiumContentAuthoritySuite } from "./bundles/premium-content-authority-suite";
import { aboutUs } from "./pages/about-us";
import { privacyPolicy } from "./pages/privacy-policy";
import { termsOfService } from "./pages/terms-of-service";
import { articleForge } from "./services/article-forge";
import { customCreation } from "./services/custom-creation";
import { investorDeck } from "./services/investor-deck";
import { projectSnapshot } from "./services/project-snapshot";
import { seoLayer } from "./services/seo-layer";
import { webCopycraft } from "./services/web-copycraft";
import { whitepaperBuilder } from "./services/whitepaper-builder";
import type { BundleContent, InfoPageContent, ServiceContent } from "./types";

/** What each service page says, in both languages. */
export const SERVICE_CONTENT: Record<ServiceId, ServiceContent> = {
  "article-forge": articleForge,
  "custom-creation": customCreation,
  "investor-deck": investorDeck,
  "project-snapshot": projectSnapshot,
  "seo-layer": seoLayer,
  "web-copycraft": webCopycraft,
  "whitepaper-builder": whitepaperBuilder,
};

/** What each bundle page says, in both languages; the services it contains and prices come from the catalog. */
export const BUNDLE_CONTENT: Record<BundleId, BundleContent> = {
  "full-site-and-content-pack": fullSiteAndContentPack,
  "growth-and-visibility-pack": growthAndVisibilityPack,
  "investor-and-strategy-suite": investorAndStrategySuite,
  "launch-essentials-kit": launchEssentialsKit,
  "premium-content-authority-suite": premiumContentAuthoritySuite,
};

export type InfoPageId = "about-us" | "privacy-policy" | "terms-of-service";

/** The information pages, keyed by their route slug. */
export const INFO_PAGES: Record<InfoPageId, InfoPageContent> = {
  "about-us": aboutUs,
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
};
