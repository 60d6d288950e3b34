import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../../support/browser";
import { startServer, type RunningServer } from "./server";

/** Starts a store (with `env`) and a browser before the file's tests and closes both after; read them once the tests run. */
export function useStore(env?: Record<string, string>): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("the store is not started yet: use it inside a hook or a test");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the browser is not launched yet: use it inside a hook or a test");
      return browser;
    },
  };
}
