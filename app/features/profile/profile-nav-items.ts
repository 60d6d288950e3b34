/**
 * The pages of the profile area, in menu order. Labels are keys of the `profile` namespace. A new /profile/* page
 * appears in the navigation by being listed here.
 */
export const PROFILE_NAV_ITEMS = [
  { path: "/profile/account-information", labelKey: "nav.accountInformation" },
  { path: "/profile/orders", labelKey: "nav.orders" },
  { path: "/profile/balance", labelKey: "nav.balance" },
  { path: "/profile/billing", labelKey: "nav.billing" },
  { path: "/profile/change-password", labelKey: "nav.changePassword" },
] as const;

export type ProfileNavItem = (typeof PROFILE_NAV_ITEMS)[number];
