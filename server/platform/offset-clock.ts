import fs from "node:fs";
import type { Clock } from "./clock";

/**
 * Test-only (CLOCK_OFFSET_FILE): the wall clock plus an offset in milliseconds read from `file`, so a browser test can
 * move a production-mode store's time (docs/decisions/0079-movable-clock-for-browser-tests.md). The file is looked at
 * (one stat) on every reading and read again only when it changed; no file, or text that is not a whole number yet (a
 * write in progress), keeps the offset last read (0 at first).
 */
export function offsetClock(file: string): Clock {
  let offsetMs = 0;
  let seen = "";
  const offset = (): number => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : "";
    if (!stat || stamp === seen) return offsetMs;
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch {
      return offsetMs; // gone between the stat and the read: looked at again next time
    }
    if (/^-?\d+$/.test(text)) {
      offsetMs = Number(text);
      seen = stamp;
    }
    return offsetMs;
  };
  return { now: () => new Date(Date.now() + offset()) };
}
