import type { StaffRoleName } from "../../../contract/staff";

/** Staff access per staff user (server/db/migrations/2026-11-23-40-staff-access.ts); no row: not enrolled, active. */
export interface StaffAccountsTable {
  user_id: string;
  /** Base32 TOTP secret once confirmed by a first code. */
  totp_secret: string | null;
  /** Shown at enrolment, not yet confirmed. */
  totp_pending_secret: string | null;
  totp_enrolled_at: string | null;
  /** The last 30-second step a code was accepted for: the same code (or an older one) is refused. */
  totp_last_step: number | null;
  deactivated_at: string | null;
  /** The name buyers read for this member of staff (issue 28), set by an admin; null: first name and initial. */
  display_name: string | null;
  updated_at: string;
}

export interface StaffRecoveryCodesTable {
  user_id: string;
  /** HMAC-SHA-256 of the code under the server key, so a database copy alone cannot test guesses. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface StaffInvitationsTable {
  id: string;
  email: string;
  role: StaffRoleName;
  /** SHA-256 of the link's token. */
  token_hash: string;
  /** Language of the invitation mail and page. */
  locale: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
}

/** A member of staff's named view of the order queue (2026-11-28-30-queue-sorts-and-saved-views.ts). */
export interface StaffSavedViewsTable {
  id: string;
  user_id: string;
  name: string;
  /** The queue's filters and sort as a URL query string (`status=paid&sort=customer&dir=desc`). */
  query: string;
  created_at: string;
}

export interface StaffTables {
  staff_saved_views: StaffSavedViewsTable;
  staff_accounts: StaffAccountsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_invitations: StaffInvitationsTable;
}
