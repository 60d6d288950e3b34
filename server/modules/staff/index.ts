/** The staff module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createStaffService, type StaffService } from "./staff.service";
export { createStaffAuth, type StaffAuth } from "./staff-auth.service";
export { createStaffRepository } from "./staff.repository";
export { createStaffDirectory, type StaffDirectory } from "./staff-directory";
