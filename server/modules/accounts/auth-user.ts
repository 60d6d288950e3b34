import type { UserRole } from "../../../contract/accounts";

/** Who a verified access token speaks for: what the auth guard puts on the request and services act on. */
export interface AuthUser {
  id: string;
  role: UserRole;
}
