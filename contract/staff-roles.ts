/**
 * Staff roles of LIFECYCLE.md, lowest first: a writer works the orders assigned to them; a manager also runs
 * orders, support, customers and refunds; an admin also prices, staff accounts and the audit log.
 * Shared by the API's role guard and the back office's navigation. Without zod: the storefront's header reads the
 * role too, and must not download the schema library for it (issue 27).
 */
export const STAFF_ROLE_ORDER = ["writer", "manager", "admin"] as const;
export type StaffRoleName = (typeof STAFF_ROLE_ORDER)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRoleName {
  return (STAFF_ROLE_ORDER as readonly string[]).includes(role ?? "");
}

/** True when `role` is a staff role at least as high as `least` (a customer never is). */
export function roleAtLeast(role: string | null | undefined, least: StaffRoleName): boolean {
  return isStaffRole(role) && STAFF_ROLE_ORDER.indexOf(role) >= STAFF_ROLE_ORDER.indexOf(least);
}
