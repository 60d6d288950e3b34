import { createStaffInvitations, type StaffInvitations } from "./staff-invitations.service";
import { createStaffMembers, type StaffMembers } from "./staff-members.service";
import type { StaffServiceDeps } from "./staff-service-deps";

export type { StaffActor, StaffServiceDeps } from "./staff-service-deps";

/** Staff accounts for admins (list, invite, change role, deactivate) and the invitation's acceptance. Every change is audited. */
export type StaffService = StaffMembers & StaffInvitations;

export function createStaffService(deps: StaffServiceDeps): StaffService {
  return { ...createStaffMembers(deps), ...createStaffInvitations(deps) };
}
