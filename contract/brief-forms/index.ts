import type { ServiceId } from "../catalog";
import type { BriefForm } from "./types";
import { articleForgeBrief } from "./article-forge";
import { customCreationBrief } from "./custom-creation";
import { investorDeckBrief } from "./investor-deck";
import { projectSnapshotBrief } from "./project-snapshot";
import { seoLayerBrief } from "./seo-layer";
import { webCopycraftBrief } from "./web-copycraft";
import { whitepaperBuilderBrief } from "./whitepaper-builder";

/** The brief each service asks for; a bundle asks the brief of every service it contains. */
export const BRIEF_FORMS: Record<ServiceId, BriefForm> = {
  "article-forge": articleForgeBrief,
  "custom-creation": customCreationBrief,
  "investor-deck": investorDeckBrief,
  "project-snapshot": projectSnapshotBrief,
  "seo-layer": seoLayerBrief,
  "web-copycraft": webCopycraftBrief,
  "whitepaper-builder": whitepaperBuilderBrief,
};
