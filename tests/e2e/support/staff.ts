import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import type { StaffRoleName } from "../../../contract/staff";
import { hashPassword } from "../../../server/modules/accounts/passwords";
import { open } from "../storefront-support";
import type { RunningServer } from "./server";

export interface E2eStaff {
  userId: string;
  email: string;
  password: string;
  role: StaffRoleName;
}

export const STAFF_PASSWORD = "inkwell-harbour-lantern-7";

/** Adds a member of staff with `role` straight into the store's database (production has no back door for it). */
export async function createStaff(store: { readonly server: RunningServer }, role: StaffRoleName): Promise<E2eStaff> {
  const userId = randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@staff.example`;
  const at = new Date().toISOString();
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
  try {
    db.prepare(
      `insert into users (id, email, first_name, last_name, country, company, city, zip_code, address, password_hash, role, created_at, updated_at)
       values (?, ?, 'Sam', ?, 'ES', '', '', '', '', ?, ?, ?, ?)`,
    ).run(userId, email, role[0]!.toUpperCase() + role.slice(1), await hashPassword(STAFF_PASSWORD), role, at, at);
  } finally {
    db.close();
  }
  return { userId, email, password: STAFF_PASSWORD, role };
}

/**
 * Signs a new member of staff with `role` into `page` the way staff sign in, and leaves the page in the back office
 * (/admin, or /es/admin with `locale: "es"`). Callers never depend on the steps the sign-in takes.
 */
export async function signInStaff(page: Page, store: { readonly server: RunningServer }, role: StaffRoleName = "admin", { locale = "en" }: { locale?: "en" | "es" } = {}): Promise<E2eStaff> {
  const staff = await createStaff(store, role);
  const prefix = locale === "es" ? "/es" : "";
  await open(page, `${store.server.url}${prefix}/auth/sign-in?redirect=${encodeURIComponent(`${prefix}/admin`)}`);
  await page.locator("input[name=email]").fill(staff.email);
  await page.locator("input[name=password]").fill(staff.password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(`${store.server.url}${prefix}/admin`);
  await page.getByTestId("admin-shell").waitFor();
  return staff;
}
