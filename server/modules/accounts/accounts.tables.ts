import type { ColumnType, Generated } from "kysely";
import type { UserRole } from "../../../contract/accounts";

/** A nullable column an insert may leave out (NULL then). */
type OptionalNullable = ColumnType<string | null, string | null | undefined, string | null>;
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  country: string;
  company: string;
  city: string;
  zip_code: string;
  address: string;
  password_hash: string;
  /** LIFECYCLE.md staff roles: writer, manager, admin. */
  role: UserRole;
  /** Set while the back office blocks the account: no sign-in. */
  blocked_at: string | null;
  created_at: string;
  updated_at: string;
  /** Billing details last sent or saved (contract BillingDetails as JSON); null until then. */
  billing_json: OptionalNullable;
  /** Set when the customer closed the account: personal data erased, sign-in impossible. */
  closed_at: OptionalNullable;
}

/** One sign-in: every refresh token it ever had belongs to it, and revoking it ends them all. */
export interface SessionsTable {
  id: string;
  user_id: string;
  /** 1 when the refresh tokens live 30 days, 0 for 1 day. */
  remember_me: number;
  created_at: string;
  /** Absolute end of the sign-in; rotation does not extend it. */
  expires_at: string;
  revoked_at: string | null;
}

/** Refresh tokens are kept only as their SHA-256; a used one points at the token that replaced it. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
  replaced_by: string | null;
}

/** At most one live reset code per user; a new request replaces it. */
export interface PasswordResetCodesTable {
  user_id: string;
  /** HMAC-SHA-256 of the code under a server key, so a database copy alone cannot test the million codes. */
  code_hash: string;
  expires_at: string;
  /** Tries spent, right or wrong; the code is dead at five. */
  attempts: number;
  created_at: string;
}

/** A person's full-text search row (e-mail, names, company), written by the database's triggers from users. */
export interface UserSearchTable {
  rid: Generated<number>;
  user_id: string;
  kind: "user";
  key: string;
  document: string;
}

export interface AccountTables {
  users: UsersTable;
  user_search: UserSearchTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_codes: PasswordResetCodesTable;
}
