import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage } from "./create-storage";
import { startFakeS3, type FakeS3 } from "./fake-s3";
import type { FileStorage } from "./storage";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-storage-"));
let fakeS3: FakeS3;
beforeAll(async () => {
  fakeS3 = await startFakeS3();
});
afterAll(async () => {
  await fakeS3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The same behaviour from every storage: the orders module only knows the interface.
describe.each([
  { name: "local disk", open: () => createStorage({ STORAGE: "local", DATA_DIR: dataDir }) },
  { name: "S3 (fake server)", open: () => createStorage({ DATA_DIR: dataDir, ...fakeS3.env }) },
])("$name file storage", ({ open }) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = open();
  });

  it("stores a buffer or a stream, reports its size and reads it back whole or in part", async () => {
    expect(await storage.put("results/a/one.txt", Buffer.from("hello world"))).toMatchObject({ size: 11 });
    expect(await storage.put("results/a/two.txt", Readable.from(["stream", "ed"]))).toMatchObject({ size: 8 });
    expect(await text(storage.read("results/a/one.txt"))).toBe("hello world");
    expect(await text(storage.read("results/a/one.txt", { start: 6, end: 10 }))).toBe("world");
    expect(await text(storage.read("results/a/one.txt", { start: 4, end: 4 }))).toBe("o");
    expect(await text(storage.read("results/a/two.txt"))).toBe("streamed");
    const info = await storage.stat("results/a/two.txt");
    expect(info?.size).toBe(8);
    expect(info?.mtime).toBeInstanceOf(Date);
  });

  it("keeps binary bytes exact, a large file too", async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0).map((_, i) => (i * 31 + 7) % 256);
    await storage.put("results/c/large.bin", Readable.from([bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]));
    expect((await storage.stat("results/c/large.bin"))?.size).toBe(bytes.length);
    const whole = Buffer.concat(await storage.read("results/c/large.bin").toArray());
    expect(whole.equals(bytes)).toBe(true);
    const part = Buffer.concat(await storage.read("results/c/large.bin", { start: 2_000_000, end: 2_999_999 }).toArray());
    expect(part.equals(bytes.subarray(2_000_000, 3_000_000))).toBe(true);
  });

  it("streams a file of several upload parts, and keeps nothing of a stream that fails half-way", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = 17;
    await storage.put("results/e/big.bin", Readable.from((function* () { for (let i = 0; i < chunks; i++) yield chunk; })()));
    expect((await storage.stat("results/e/big.bin"))?.size).toBe(chunks * chunk.length);
    const failing = Readable.from(
      (async function* () {
        for (let i = 0; i < 9; i++) yield chunk;
        throw new Error("the upload was cut off");
      })(),
    );
    await expect(storage.put("results/e/cut.bin", failing)).rejects.toThrow("the upload was cut off");
    expect(await storage.stat("results/e/cut.bin")).toBeNull();
  });

  it("replaces a file whole", async () => {
    await storage.put("results/d/file.txt", Buffer.from("first version"));
    expect(await storage.put("results/d/file.txt", Readable.from(["second"]))).toMatchObject({ size: 6 });
    expect(await text(storage.read("results/d/file.txt"))).toBe("second");
  });

  it("answers null for a missing file, removes files idempotently and fails the stream of a missing one", async () => {
    expect(await storage.stat("results/none/file.md")).toBeNull();
    await storage.put("results/b/file.md", Buffer.from("x"));
    await storage.remove("results/b/file.md");
    await storage.remove("results/b/file.md");
    expect(await storage.stat("results/b/file.md")).toBeNull();
    await expect(text(storage.read("results/b/file.md"))).rejects.toThrow();
  });

  it("refuses keys that would leave its folder", async () => {
    await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    await expect(storage.stat("a/../../b")).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove("/etc/passwd")).rejects.toThrow(/invalid storage key/);
    expect(() => storage.read("/etc/passwd")).toThrow(/invalid storage key/);
  });
});

describe("S3 file storage", () => {
  it("stops a read that its reader abandons without failing anything else", async () => {
    const storage = createStorage({ DATA_DIR: dataDir, ...fakeS3.env });
    await storage.put("results/e/file.bin", Buffer.alloc(1024 * 1024, 1));
    const stream = storage.read("results/e/file.bin");
    stream.destroy();
    await new Promise((resolve) => stream.once("close", resolve));
    expect(await text(storage.read("results/e/file.bin", { start: 0, end: 3 }))).toBe("\u0001".repeat(4));
  });

  it("reports a bucket that does not exist as an error, not as a missing file", async () => {
    const storage = createStorage({ DATA_DIR: dataDir, ...fakeS3.env, S3_BUCKET: "no-such-bucket" });
    await expect(storage.put("results/f/file.txt", Buffer.from("x"))).rejects.toThrow();
  });
});
