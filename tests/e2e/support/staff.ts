import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import type { StaffRoleName } from "../../../contract/staff";
import { hashPassword } from "../../../server/modules/accounts/passwords";
import { newTotpSecret, totpCode } from "../../../server/modules/staff/totp";
import { open } from "../storefront-support";
import type { RunningServer } from "./server";

export interface E2eStaff {
  userId: string;
  email: string;
  password: string;
  role: StaffRoleName;
  /** The enrolled TOTP secret: `totpCode(totpSecret, Date.now())` is the current code. */
  totpSecret: string;
}

export const STAFF_PASSWORD = "inkwell-harbour-lantern-7";
export { totpCode };

type Store = { readonly server: RunningServer };

/**
 * Adds a member of staff with `role` and an enrolled second factor straight into the store's database (production
 * has no back door for it).
 */
export async function createStaff(store: Store, role: StaffRoleName): Promise<E2eStaff> {
  const userId = randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@staff.example`;
  const at = new Date().toISOString();
  const totpSecret = newTotpSecret();
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
  try {
    db.prepare(
      `insert into users (id, email, first_name, last_name, country, company, city, zip_code, address, password_hash, role, created_at, updated_at)
       values (?, ?, 'Sam', ?, 'ES', '', '', '', '', ?, ?, ?, ?)`,
    ).run(userId, email, role[0]!.toUpperCase() + role.slice(1), await hashPassword(STAFF_PASSWORD), role, at, at);
    db.prepare("insert into staff_accounts (user_id, totp_secret, totp_enrolled_at, updated_at) values (?, ?, ?, ?)").run(userId, totpSecret, at, at);
  } finally {
    db.close();
  }
  return { userId, email, password: STAFF_PASSWORD, role, totpSecret };
}

/**
 * A bearer token for a new member of staff with `role`, signed in through the staff API (password, then a code).
 * `now`: the store's time in ms when the test moved its clock (tests/e2e/support/clock.ts): the code follows it.
 */
export async function staffApiToken(store: Store, role: StaffRoleName, now: () => number = Date.now): Promise<{ staff: E2eStaff; accessToken: string }> {
  const staff = await createStaff(store, role);
  const post = async (pathname: string, body: unknown) => {
    const response = await fetch(`${store.server.url}${pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, string>>;
  };
  const { challenge } = await post("/api/admin/auth/sign-in", { email: staff.email, password: staff.password });
  const { accessToken } = await post("/api/admin/auth/verify", { challenge, code: totpCode(staff.totpSecret, now()) });
  return { staff, accessToken: accessToken! };
}

/**
 * Signs a new member of staff with `role` into `page` through the staff sign-in page (password, then the code from
 * the secret), and leaves the page in the back office (/admin, or /es/admin with `locale: "es"`). Callers never
 * depend on the steps the sign-in takes.
 */
export async function signInStaff(page: Page, store: Store, role: StaffRoleName = "admin", { locale = "en" }: { locale?: "en" | "es" } = {}): Promise<E2eStaff> {
  const staff = await createStaff(store, role);
  const prefix = locale === "es" ? "/es" : "";
  await open(page, `${store.server.url}${prefix}/admin/sign-in`);
  await page.locator("input[name=email]").fill(staff.email);
  await page.locator("input[name=password]").fill(staff.password);
  await page.locator("form button[type=submit]").click();
  await page.locator("input[name=code]").fill(totpCode(staff.totpSecret, Date.now()));
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${store.server.url}${prefix}/admin`);
  await page.getByTestId("admin-shell").waitFor();
  return staff;
}
