// Bench section "storefront-js" (issue 27): the JavaScript a visitor downloads on `/` and on a service page until the
// network is idle, in the system Chromium (playwright-core): every `.js` response counted, each file's bytes gzipped
// here (level 9, as a static server would send it), so the figure does not depend on what encoding the store chose.
// Aim: <= 130 KB on each page, and no back-office chunk (`admin*`) requested by a storefront page.
// Alone: `npx tsx scripts/bench/storefront-js.ts` (BUILD_DIR: measure that build instead of making a fresh one).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { freePort } from "../../server/test/free-port";
import { launchBrowser } from "../../tests/support/browser";
import { PRODUCTION_STORE_ENV, startStoreProcess } from "../../tests/support/store-process";
import { build } from "./page-cache";

const root = path.resolve(import.meta.dirname, "../..");
const PAGES = ["/", "/services/investor-deck"];
const AIM_KB = 130;
/** A file of the back office: route modules `admin*.js` (app/routes/admin*.tsx), its messages and top bar `back-office*.js`. */
const BACK_OFFICE_FILE = /\/assets\/(admin|back-office)[^/]*\.js$/;

export interface PageScripts {
  files: Array<{ url: string; gzipBytes: number }>;
  gzipBytes: number;
  backOffice: string[];
}

/** Every JavaScript file the browser fetched for `url` until the network had been idle for 500 ms. */
export async function pageScripts(url: string): Promise<PageScripts> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<{ url: string; gzipBytes: number } | null>> = [];
    page.on("response", (response) => {
      const file = response.url();
      if (!new URL(file).pathname.endsWith(".js")) return;
      pending.push(
        response.body().then(
          (body) => ({ url: file, gzipBytes: gzipSync(body, { level: 9 }).length }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    const files = (await Promise.all(pending)).filter((file) => file !== null);
    return {
      files,
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      backOffice: files.map((file) => new URL(file.url).pathname).filter((file) => BACK_OFFICE_FILE.test(file)),
    };
  } finally {
    await browser.close();
  }
}

export async function benchStorefrontJs(log: (line: string) => void = console.log): Promise<void> {
  const given = process.env.BUILD_DIR;
  const buildDir = path.resolve(root, given ?? path.join(".e2e-build", `storefront-js-${process.pid}`));
  if (!given) build(buildDir);
  const store = startStoreProcess({
    name: "bench-storefront-js",
    port: await freePort(),
    buildDir,
    env: PRODUCTION_STORE_ENV,
  });
  try {
    await store.ready();
    log("JavaScript fetched by the system Chromium until the network is idle (500 ms), each file gzipped (level 9)");
    for (const page of PAGES) {
      const scripts = await pageScripts(store.url + page);
      if (scripts.files.length === 0) throw new Error(`${page} fetched no JavaScript: the measurement did not happen`);
      const kb = scripts.gzipBytes / 1024;
      const met = kb <= AIM_KB && scripts.backOffice.length === 0;
      log(
        `${page}: ${kb.toFixed(1)} KB in ${scripts.files.length} files (aim <= ${AIM_KB} KB), back-office files ${scripts.backOffice.length ? scripts.backOffice.join(", ") : "none"} (aim none) ${met ? "MET" : "NOT MET"}`,
      );
    }
  } finally {
    await store.stop();
    if (!given) fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchStorefrontJs().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
