/** The promotions module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createPromotionsModule, type PromotionsModule, type PromotionsModuleDeps } from "./promotions-module";
export type { PromotionAdmin } from "./promotion-admin";
export type { AppliedCode, CodeUser, PromotionCheckout } from "./promotion-checkout";
export type { CodeCart } from "./promotion-rules";
