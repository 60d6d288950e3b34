import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DAY_MS } from "./clock";
import { offsetClock } from "./offset-clock";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offset-clock-"));
afterEach(() => fs.rmSync(path.join(dir, "offset"), { force: true }));

describe("the movable clock of browser tests (CLOCK_OFFSET_FILE)", () => {
  it("is the wall clock until the file says otherwise, then moves by each new offset written", () => {
    const file = path.join(dir, "offset");
    const clock = offsetClock(file);
    const near = (actual: Date, expected: number) => expect(Math.abs(actual.getTime() - expected)).toBeLessThan(1000);
    near(clock.now(), Date.now());
    fs.writeFileSync(file, String(3 * DAY_MS));
    near(clock.now(), Date.now() + 3 * DAY_MS);
    fs.writeFileSync(file, String(10 * DAY_MS));
    near(clock.now(), Date.now() + 10 * DAY_MS);
    // Half-written text keeps the offset last read.
    fs.writeFileSync(file, "");
    near(clock.now(), Date.now() + 10 * DAY_MS);
  });
});
