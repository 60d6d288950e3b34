import { index, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every page exists in English at the root and in Spanish under /es, slugs English in both: one route per page with
 * an optional language segment (`/about-us`, `/es/about-us`), so the manifest and the route objects React Router builds
 * and matches per request are half of what two routes per page made (issue 27). The root loader answers 404 for any
 * other first segment in that place (app/root.tsx); the locale comes from the URL (common/locales.ts).
 */
function localized(path: string, file: string): RouteConfigEntry[] {
  return [route(path === "" ? ":lang?" : `:lang?/${path}`, file)];
}

/**
 * The back office: pages under /admin and /es/admin inside the admin shell (routes/admin.tsx: menu by role, access
 * notes for visitors and customers). Add a page with one line: its path under /admin ("" for /admin itself) and file.
 */
const ADMIN_PAGES: Array<[path: string, file: string]> = [
  ["", "routes/admin.dashboard.tsx"],
  ["orders", "routes/admin.orders.tsx"],
  ["orders/:number", "routes/admin.order.tsx"],
  ["orders/:number/files/:fileId", "routes/admin.order-file.tsx"],
  ["support", "routes/admin.support.tsx"],
  ["support/saved-replies", "routes/admin.support-saved-replies.tsx"],
  ["support/:ticketId", "routes/admin.support-ticket.tsx"],
  ["customers", "routes/admin.customers.tsx"],
  ["customers/:customerId", "routes/admin.customer.tsx"],
  ["catalog", "routes/admin.catalog.tsx"],
  ["promotions", "routes/admin.promotions.tsx"],
  ["staff", "routes/admin.staff.tsx"],
  ["audit", "routes/admin.audit.tsx"],
  ["notifications", "routes/admin.notifications.tsx"],
  ["notifications/settings", "routes/admin.notification-settings.tsx"],
];

function localizedLayout(path: string, file: string, pages: Array<[string, string]>): RouteConfigEntry[] {
  return [route(`:lang?/${path}`, file, pages.map(([page, pageFile]) => (page === "" ? index(pageFile) : route(page, pageFile))))];
}

export default [
  ...localized("", "routes/home.tsx"),
  ...localized("services", "routes/services.tsx"),
  ...localized("services/:serviceId", "routes/service.tsx"),
  ...localized("bundles/:bundleId", "routes/bundle.tsx"),
  ...localized("about-us", "routes/about-us.tsx"),
  ...localized("contact-us", "routes/contact-us.tsx"),
  ...localized("privacy-policy", "routes/privacy-policy.tsx"),
  ...localized("terms-of-service", "routes/terms-of-service.tsx"),
  route("*", "routes/not-found.tsx"),
  ...localized("auth/sign-in", "routes/auth.sign-in.tsx"),
  ...localized("auth/sign-up", "routes/auth.sign-up.tsx"),
  ...localized("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  ...localized("auth/reset-password", "routes/auth.reset-password.tsx"),
  ...localized("not-logged-in", "routes/not-logged-in.tsx"),
  ...localized("profile/account-information", "routes/profile.account-information.tsx"),
  ...localized("profile/billing", "routes/profile.billing.tsx"),
  ...localized("profile/change-password", "routes/profile.change-password.tsx"),
  ...localized("cart", "routes/cart.tsx"),
  ...localized("profile/balance", "routes/profile.balance.tsx"),
  ...localized("profile/orders", "routes/profile.orders.tsx"),
  ...localized("profile/orders/:number", "routes/profile.order.tsx"),
  ...localized("checkout/sandbox", "routes/checkout.sandbox.tsx"),
  ...localized("support/tickets/:token", "routes/support.ticket.tsx"),
  ...localizedLayout("admin", "routes/admin.tsx", ADMIN_PAGES),
  ...localized("admin/sign-in", "routes/admin.sign-in.tsx"),
  ...localized("admin/invitation", "routes/admin.invitation.tsx"),
] satisfies RouteConfig;
