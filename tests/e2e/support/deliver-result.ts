import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Delivers `file` as the result of order `orderNumber` with scripts/deliver-result.ts, against the data in `dataDir`:
 * to its one open deliverable, or to `which` (a deliverable's n, or `all` awaiting a delivery).
 */
export function deliverResult(dataDir: string, orderNumber: string, file: string, which?: number | "all"): void {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/deliver-result.ts", orderNumber, file, ...(which === undefined ? [] : [String(which)])], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
