import { loadMessages } from "./client-i18n";

/**
 * Imported by every module that starts a back-office screen (the admin routes, the back-office top bar): they run
 * only once the back office's catalogues (and the account's, which its order and customer pages use) are in the
 * browser's i18n instance, so a client navigation from the shop
 * to /admin never shows message keys. Top-level await: the router imports route modules before it renders them.
 */
await loadMessages("account", "back-office");
