import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createInvitationsRepository, type InvitationsRepository } from "./invitations.repository";
import { createSecondFactorRepository, type SecondFactorRepository } from "./second-factor.repository";
import { createStaffAccountsRepository, type StaffAccountsRepository } from "./staff-accounts.repository";

export type { InvitationRow } from "./invitations.repository";
export type { StaffAccountRow } from "./staff-accounts.repository";

export interface StaffUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  created_at: string;
  totp_enrolled_at: string | null;
  deactivated_at: string | null;
  /** The name buyers read (staff-directory.ts `displayNameOf`). */
  display_name: string;
}

/** Staff access rows: second factor, recovery codes, deactivation, invitations. */
export type StaffRepository = StaffAccountsRepository & SecondFactorRepository & InvitationsRepository;

export function createStaffRepository(db: Kysely<Database>): StaffRepository {
  return {
    ...createStaffAccountsRepository(db),
    ...createSecondFactorRepository(db),
    ...createInvitationsRepository(db),
  };
}
