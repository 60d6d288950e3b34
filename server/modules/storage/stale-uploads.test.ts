import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DAY_MS, manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";

const MINUTE_MS = 60_000;
let store: TestStore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await store?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  store = dataDir = undefined;
});

/** An order's result folder under DATA_DIR/files, and its files written as of `at`. */
function resultFolder(root: string) {
  const folder = path.join(root, "files", "results", randomUUID());
  fs.mkdirSync(folder, { recursive: true });
  return {
    /** A file last written at `at` (what a finished upload, or one killed midway, leaves). */
    write(name: string, at: Date, bytes = 64 * 1024): string {
      fs.writeFileSync(path.join(folder, name), Buffer.alloc(bytes, 1));
      fs.utimesSync(path.join(folder, name), at, at);
      return name;
    },
    touch(name: string, at: Date): void {
      fs.utimesSync(path.join(folder, name), at, at);
    },
    files: () => fs.readdirSync(folder).sort(),
  };
}

const part = (name: string) => `${name}.${randomUUID()}.part`;
const ago = (from: Date, ms: number) => new Date(from.getTime() - ms);

describe("unfinished uploads on local disk", () => {
  it("are removed at start and by the daily job once an hour has passed since their last write; fresh ones and finished files stay", async () => {
    const clock = manualClock("2026-03-10T09:00:00.000Z");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-parts-"));
    const folder = resultFolder(dataDir);
    const finished = folder.write("brief.pdf", ago(clock.now(), 30 * DAY_MS));
    const killed = folder.write(part("draft.docx"), ago(clock.now(), 61 * MINUTE_MS));
    const writing = folder.write(part("final.pdf"), ago(clock.now(), 10 * MINUTE_MS));

    // A store starting after a kill -9 clears what the killed process left, not an upload another instance is writing.
    store = await startTestStore({ DATA_DIR: dataDir }, { clock });
    expect(folder.files()).toEqual([finished, writing].sort());
    expect(folder.files()).not.toContain(killed);

    // The daily sweep (03:00 UTC): the upload that stalled since goes; one written 5 minutes ago stays.
    clock.set("2026-03-11T03:00:00.000Z");
    folder.touch(writing, ago(clock.now(), 2 * 60 * MINUTE_MS));
    const next = folder.write(part("final.pdf"), ago(clock.now(), 5 * MINUTE_MS));
    await store.services.jobs.runDue();
    expect(folder.files()).toEqual([finished, next].sort());

    // And again the next day, by itself.
    clock.set("2026-03-12T03:00:00.000Z");
    await store.services.jobs.runDue();
    expect(folder.files()).toEqual([finished]);
  });
});
