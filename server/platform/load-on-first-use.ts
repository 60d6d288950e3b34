import { createRequire } from "node:module";

/**
 * Loads a package when the feature that needs it is first set up, not at start: the clients of the optional
 * backends (PostgreSQL, S3, Stripe, SMTP) hold some 25 MB that a store on the embedded defaults never uses. Synchronous
 * (`require`), so the factories that use it stay synchronous; every one of those packages ships CommonJS.
 */
export const loadOnFirstUse = createRequire(import.meta.url);
