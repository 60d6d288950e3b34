import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * WAL checkpoints of a SQLite file, taken by a thread of their own (docs/decisions/0085-sqlite-checkpointer.md).
 *
 * better-sqlite3 is synchronous: SQLite's automatic checkpoint runs inside the COMMIT of whichever request crossed the
 * 1,000-page mark, and copies the WAL into the database file and syncs both while every other request waits (the
 * orders row measured `commit` at p50 0.7 ms, p90 17 ms, and ~0.4 ms of an order's CPU). Here a worker thread with
 * its own connection runs a PASSIVE checkpoint (it never waits for, nor blocks, the writer) every `everyMs`, which
 * copies the pages committed since the one before (a page written by many orders meanwhile is copied once); the store's connection keeps an automatic checkpoint only as a
 * backstop at `BACKSTOP_PAGES` (then it copies little: the thread has copied the rest), so the WAL stays bounded
 * if the thread falls behind or fails.
 *
 * The thread starts once the WAL has grown past `startAtBytes`, or at the first `checkpoint()`: a store that writes
 * little keeps SQLite's own checkpoints and saves the thread's ~11 MB of memory (issue 27, idle RSS; the WAL of an idle
 * store is empty). Until then its size is looked at every `watchMs`.
 */

/** The store's own connection checkpoints only past this many WAL pages (~40 MB). */
export const BACKSTOP_PAGES = 10_000;
/** A WAL file larger than this is truncated back to it after a checkpoint has reset it. */
export const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;

export interface Checkpointer {
  /** Starts the thread if the WAL has grown past `startAtBytes` (the watch's own step): true once it runs. */
  startIfGrown(): boolean;
  /** One checkpoint now, whatever the WAL's size (starting the thread if it was not running): its result as SQLite reports it. */
  checkpoint(): Promise<{ busy: number; log: number; checkpointed: number }>;
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  /** How often the thread checkpoints (100 ms). */
  everyMs?: number;
  /** The WAL's size past which the thread starts (1 MiB: a few orders). */
  startAtBytes?: number;
  /** How often the WAL's size is looked at until the thread runs (1 s). */
  watchMs?: number;
  /** Called once, when the thread starts (the store's connection then keeps its automatic checkpoint as a backstop only). */
  onStart?: () => void;
}

// The thread's code: plain CommonJS, so that it runs the same from the sources (tsx, vitest) and from the compiled
// bundle, which has no file for it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 0");
const checkpoint = () => db.pragma("wal_checkpoint(PASSIVE)")[0];
const timer = setInterval(() => {
  try {
    checkpoint();
  } catch {}
}, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message === "close") {
    clearInterval(timer);
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ok: checkpoint() });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

/** The checkpointer of the SQLite file `file` (whose connection must already be in WAL mode); its thread starts when needed. */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const startAtBytes = options.startAtBytes ?? 1024 * 1024;
  let thread: CheckpointerThread | null = null;
  let closed = false;
  const start = (): CheckpointerThread => {
    if (closed) throw new Error("the checkpointer is closed");
    if (thread) return thread;
    clearInterval(watch);
    thread = startThread(file, options.everyMs ?? 100);
    options.onStart?.();
    return thread;
  };
  const walBytes = () => {
    try {
      return fs.statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };
  const startIfGrown = () => {
    if (!thread && !closed && walBytes() > startAtBytes) start();
    return thread !== null;
  };
  const watch = setInterval(startIfGrown, options.watchMs ?? 1000);
  watch.unref();
  return {
    startIfGrown,
    checkpoint: async () => start().checkpoint(),
    close: async () => {
      closed = true;
      clearInterval(watch);
      await thread?.close();
    },
  };
}

type CheckpointerThread = Pick<Checkpointer, "checkpoint" | "close">;

/** The thread itself, checkpointing every `everyMs`. */
function startThread(file: string, everyMs: number): CheckpointerThread {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs },
  });
  // The thread never keeps the process alive, and a failure of it leaves the backstop to do its work.
  worker.unref();
  worker.on("error", (error) => console.warn(`SQLite checkpointer stopped: ${String(error)}`));
  let stopped = false;
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      stopped = true;
      resolve();
    }),
  );
  const waiting: Array<{
    resolve: (value: { busy: number; log: number; checkpointed: number }) => void;
    reject: (error: Error) => void;
  }> = [];
  worker.on("message", (message: { ok?: { busy: number; log: number; checkpointed: number }; error?: string }) => {
    const next = waiting.shift();
    if (waiting.length === 0) worker.unref();
    if (message.ok) next?.resolve(message.ok);
    else next?.reject(new Error(message.error ?? "checkpoint failed"));
  });
  return {
    checkpoint: () =>
      new Promise((resolve, reject) => {
        // Referenced while an answer is awaited: the process waits for it.
        worker.ref();
        waiting.push({ resolve, reject });
        worker.postMessage("checkpoint");
      }),
    // Closing twice (a store closed, then its test's cleanup) or after the thread failed: the exit has happened already.
    close: async () => {
      if (stopped) return;
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}
