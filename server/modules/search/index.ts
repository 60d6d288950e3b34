/** The back-office search's public entry: the root imports only this (ARCHITECTURE.md "Modules"). */
export { createBackOfficeSearch, type BackOfficeSearch, type SearchSources } from "./back-office-search";
