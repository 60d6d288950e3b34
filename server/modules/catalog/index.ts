/** The catalog module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createCatalogModule, type CatalogModule, type CatalogModuleDeps } from "./catalog-module";
export { createCatalogService, type CatalogService } from "./catalog.service";
export { createCatalogRepository } from "./catalog.repository";
export { productName } from "./product-name";
export { pricesResponse } from "./catalog.routes";
export type { ProductOption, ProductTerms } from "./catalog-entries";
export type { RushOffer } from "./rush-offer";
