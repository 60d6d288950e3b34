import type { ParseKeys } from "i18next";
import type { StaffRoleName } from "../../../contract/staff";

/**
 * The back office menu, in order: each item is shown to staff of `least` role or higher (writer < manager < admin,
 * LIFECYCLE.md); the API refuses the rest with 403 anyway. Labels are keys of the `admin` namespace. A new /admin
 * page appears in the menu by being listed here.
 */
export const ADMIN_NAV_ITEMS: ReadonlyArray<{ path: string; labelKey: ParseKeys<"admin">; least: StaffRoleName }> = [
  { path: "/admin", labelKey: "nav.dashboard", least: "manager" },
  { path: "/admin/orders", labelKey: "nav.orders", least: "writer" },
  { path: "/admin/support", labelKey: "nav.support", least: "writer" },
  { path: "/admin/customers", labelKey: "nav.customers", least: "manager" },
  { path: "/admin/promotions", labelKey: "nav.promotions", least: "manager" },
  { path: "/admin/catalog", labelKey: "nav.catalog", least: "admin" },
  { path: "/admin/staff", labelKey: "nav.staff", least: "admin" },
  { path: "/admin/audit", labelKey: "nav.audit", least: "admin" },
];
