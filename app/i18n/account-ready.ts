import { loadMessages } from "./client-i18n";

/**
 * Imported by every page that uses the account's messages (app/i18n/resources.ts, ACCOUNT_NAMESPACES): sign-in and
 * sign-up, the customer's profile, orders and balance, the cart and checkout, a support ticket. The page's module
 * runs only once they are in the browser's i18n instance, so a client navigation from the shop never shows message
 * keys; on a first page, app/entry.client.tsx loads them with the shop's. Top-level await: the router imports route
 * modules before it renders them.
 */
await loadMessages("account");
