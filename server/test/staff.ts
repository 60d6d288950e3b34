import { randomUUID } from "node:crypto";
import type { StaffRoleName } from "../../contract/staff";
import { hashPassword } from "../modules/accounts/passwords";
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
}

/**
 * A member of staff with `role`, signed in the way staff sign in (in-process, no HTTP, no rate limit): use
 * `accessToken` as the bearer token of back-office calls. Callers never depend on how the sign-in is done.
 */
export async function staffSession(store: Pick<TestStore, "db" | "services">, role: StaffRoleName = "admin"): Promise<TestStaff> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@staff.example`;
  const at = new Date().toISOString();
  await store.db.kysely
    .insertInto("users")
    .values({
      id, email, first_name: "Test", last_name: role[0]!.toUpperCase() + role.slice(1), country: "ES", company: "", city: "", zip_code: "", address: "",
      password_hash: await hashPassword(STAFF_PASSWORD), role, created_at: at, updated_at: at,
    })
    .execute();
  const { accessToken, refreshToken } = await store.services.accounts.login({ email, password: STAFF_PASSWORD, rememberMe: false });
  return { userId: id, email, password: STAFF_PASSWORD, role, accessToken, refreshToken };
}
