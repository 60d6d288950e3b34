import v8 from "node:v8";
import vm from "node:vm";
import type { Services } from "./services";

/** Milliseconds after the store starts listening before its start-up leftovers are tidied. */
const SETTLE_MS = 1000;

/**
 * One young-generation collection, asked of V8 directly: while ~1,400 modules load, the young generation grows to its
 * maximum (16 MB semi-spaces, docs/decisions/0039-ssr-memory.md) and an idle store never collects it again, so those
 * ~30 MB stay resident. A collection once the start is over hands them back (a few milliseconds); under load the
 * young generation grows again as before. Without the `gc` function (a V8 that refuses the flag) nothing happens.
 */
function collectYoungGeneration(): void {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as (options: { type: "minor" }) => void;
    gc({ type: "minor" });
  } catch {
    // Not offered by this runtime: the memory is handed back at the next collection instead.
  }
}

/**
 * Work that need not delay the first answer, done a second after the store listens (issue 27, cold start): the
 * sign-in's dummy password hash (loading argon2), then the young generation collected. `stillRunning()` false: skipped.
 */
export function settleAfterStart(services: Pick<Services, "accounts">, stillRunning: () => boolean = () => true): void {
  const timer = setTimeout(async () => {
    if (!stillRunning()) return;
    await services.accounts.warmUp().catch(() => false);
    collectYoungGeneration();
  }, SETTLE_MS);
  timer.unref();
}
