import { randomUUID } from "node:crypto";
import type { StaffRoleName } from "../../contract/staff";
import { hashPassword } from "../modules/accounts/passwords";
import { totpCode } from "../modules/staff/totp";
import type { TestStore } from "./test-store";

/** The password of every test staff account. */
export const STAFF_PASSWORD = "quiet-lantern-harbour-42";

export interface TestStaff {
  userId: string;
  email: string;
  password: string;
  role: StaffRoleName;
  accessToken: string;
  refreshToken: string;
  /** The enrolled TOTP secret: `totpCode(totpSecret, clock.now().getTime())` gives a code (each time step works once). */
  totpSecret: string;
  recoveryCodes: string[];
}

/**
 * A member of staff with `role`, signed in the way staff sign in (in-process, no HTTP, no rate limit): password,
 * TOTP enrolment with a code computed from the secret shown, recovery codes. Use `accessToken` as the bearer token
 * of back-office calls. Callers never depend on how the sign-in is done.
 */
export async function staffSession(store: Pick<TestStore, "db" | "services">, role: StaffRoleName = "admin"): Promise<TestStaff> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@staff.example`;
  const at = new Date().toISOString();
  await store.db.kysely
    .insertInto("users")
    .values({
      id, email, first_name: "Test", last_name: role.charAt(0).toUpperCase() + role.slice(1), country: "ES", company: "", city: "", zip_code: "", address: "",
      password_hash: await hashPassword(STAFF_PASSWORD), role, created_at: at, updated_at: at,
    })
    .execute();
  const { staffAuth, clock } = store.services;
  const step = await staffAuth.signIn({ email, password: STAFF_PASSWORD, rememberMe: false });
  if (!step.enrolment) throw new Error("a new staff account must be asked to enrol a second factor");
  const totpSecret = step.enrolment.secret;
  const { accessToken, refreshToken, recoveryCodes = [] } = await staffAuth.confirmEnrolment({ challenge: step.challenge, code: totpCode(totpSecret, clock.now().getTime()) });
  return { userId: id, email, password: STAFF_PASSWORD, role, accessToken, refreshToken, totpSecret, recoveryCodes };
}
