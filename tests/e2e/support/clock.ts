import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The store process's clock, moved by the test (CLOCK_OFFSET_FILE, docs/decisions/0079-movable-clock-for-browser-tests.md):
 * pass `env` to `useStore`, then `moveTo` a later time. Only forward: the offsets of a file's tests add up.
 */
export function movableClock() {
  const file = path.join(os.tmpdir(), `scriptorium-clock-${randomUUID()}`);
  let offsetMs = 0;
  const write = (ms: number) => {
    // Written whole then renamed, so the store never reads half a number.
    fs.writeFileSync(`${file}.next`, String(ms));
    fs.renameSync(`${file}.next`, file);
    offsetMs = ms;
  };
  return {
    env: { CLOCK_OFFSET_FILE: file },
    /** The store's time now. */
    now: () => new Date(Date.now() + offsetMs),
    /** Moves the store's time to `at` (when it is later than the store's time now). */
    moveTo(at: Date | string): void {
      const wanted = new Date(at).getTime() - Date.now();
      if (wanted > offsetMs) write(wanted);
    },
    remove: () => fs.rmSync(file, { force: true }),
  };
}
