/** The staff module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createStaffModule, type StaffModule, type StaffModuleDeps, type StaffWork } from "./staff-module";
export type { StaffService } from "./staff.service";
export type { StaffAuth } from "./staff-auth.service";
export type { StaffDirectory } from "./staff-directory";
export type { SavedViews } from "./saved-views";
