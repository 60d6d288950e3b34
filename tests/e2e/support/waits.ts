/**
 * How long a browser test waits for what a user would see: every `expect.poll` (the e2e project's default in
 * vitest.config.ts) and every Playwright wait (the pages' default). Generous, because a loaded 2-core machine
 * renders and answers slowly; a real break still fails, just later. There is no retry to hide a flaky wait.
 */
export const E2E_WAIT_MS = 15_000;
/** How often an `expect.poll` looks again. */
export const E2E_POLL_INTERVAL_MS = 100;
