import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { createStorage } from "./create-storage";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-storage-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("local file storage", () => {
  const storage = createStorage({ STORAGE: "local", DATA_DIR: dataDir });

  it("stores a buffer or a stream, reports its size and reads it back whole or in part", async () => {
    expect(await storage.put("results/a/one.txt", Buffer.from("hello world"))).toMatchObject({ size: 11 });
    await storage.put("results/a/two.txt", Readable.from(["stream", "ed"]));
    expect(await text(storage.read("results/a/one.txt"))).toBe("hello world");
    expect(await text(storage.read("results/a/one.txt", { start: 6, end: 10 }))).toBe("world");
    expect((await storage.stat("results/a/two.txt"))?.size).toBe(8);
  });

  it("answers null for a missing file and removes files idempotently", async () => {
    await storage.put("results/b/file.md", Buffer.from("x"));
    await storage.remove("results/b/file.md");
    await storage.remove("results/b/file.md");
    expect(await storage.stat("results/b/file.md")).toBeNull();
  });

  it("refuses keys that would leave its folder", async () => {
    await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    expect(() => storage.read("/etc/passwd")).toThrow(/invalid storage key/);
  });

  it("says clearly that S3 is not part of this build", () => {
    expect(() => createStorage({ STORAGE: "s3", DATA_DIR: dataDir })).toThrow("STORAGE=s3 is not available in this build");
  });
});
