import { createPrivacyService, type PrivacyDeps, type PrivacyService } from "./privacy.service";

export type PrivacyModuleDeps = PrivacyDeps;

export interface PrivacyModule {
  /** A customer's data export and account closing, across every module that holds their data. */
  privacy: PrivacyService;
}

/** The privacy domain wired once (a single service over the other modules). */
export function createPrivacyModule(deps: PrivacyModuleDeps): PrivacyModule {
  return { privacy: createPrivacyService(deps) };
}
