import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Packages a store needs only for some requests: each loads on its first use, never at start (issue 27). */
const ON_FIRST_USE = [
  "pdfkit",
  "docx",
  "qrcode",
  "@react-email/html",
  "@react-email/render",
  "nodemailer",
  "@node-rs/argon2",
  "@zxcvbn-ts/language-common",
  // Fastify's default schema compilers: every schema is zod's (server/app.ts gives Fastify zod's compilers).
  "ajv",
];

describe("a store's start", () => {
  it("loads no module that only documents, mail or passwords need, until their first use", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/test/start-modules.ts"], {
      cwd: root,
      encoding: "utf8",
      timeout: 80_000,
    });
    const [atStart, afterPasswordWork] = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string[]>);
    // Sanity: the record sees what a start does load.
    expect(atStart?.atStart, result.stderr).toEqual(expect.arrayContaining(["fastify", "kysely", "better-sqlite3"]));
    expect(atStart?.atStart?.filter((name) => ON_FIRST_USE.includes(name))).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
    // The first password hashed or checked loads argon2.
    expect(afterPasswordWork?.afterPasswordWork).toContain("@node-rs/argon2");
    // A child process that compiles the sources with tsx: slow on a busy machine.
  }, 90_000);
});
