import v8 from "node:v8";
import vm from "node:vm";
import type { Services } from "./services";

/** Milliseconds after the store starts listening before its start-up leftovers are tidied. */
const SETTLE_MS = 1000;

/**
 * One young-generation collection, asked of V8 directly: while ~1,400 modules load, the young generation grows to its
 * maximum (16 MB semi-spaces, docs/decisions/0039-ssr-memory.md) and an idle store never collects it again, so those
 * ~30 MB stay resident. One scavenge once the start is over (a few milliseconds) lets V8's memory reducer run its
 * memory-reducing collections some 10–15 s later, which shrink the young generation and the heap (measured: 165 MB →
 * ~130 MB; a full collection here blocked for ~0.4–0.8 s on a loaded machine and did not shrink). Under load the young
 * generation grows again as before. Without the `gc` function (a V8 that refuses the flag) nothing happens.
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
 * young generation collected, then the sign-in's dummy password hash (loading argon2). `stillRunning()` false: skipped.
 */
export function settleAfterStart(services: Pick<Services, "accounts">, stillRunning: () => boolean = () => true): void {
  const timer = setTimeout(async () => {
    if (!stillRunning()) return;
    collectYoungGeneration();
    await services.accounts.warmUp().catch(() => false);
  }, SETTLE_MS);
  timer.unref();
}
