/** The privacy module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createPrivacyService, type PrivacyService } from "./privacy.service";
