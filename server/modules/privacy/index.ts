/** The privacy module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createPrivacyModule, type PrivacyModule, type PrivacyModuleDeps } from "./privacy-module";
export { createPrivacyService, type PrivacyService } from "./privacy.service";
