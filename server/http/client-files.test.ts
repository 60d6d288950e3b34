import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerClientFiles } from "./client-files";

// The built client's files as the production store serves them (issue 27: one route for the hashed files).
let app: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-files-"));
  fs.mkdirSync(path.join(clientDir, "assets", "fonts"), { recursive: true });
  fs.writeFileSync(path.join(clientDir, "assets", "entry-Ab12.js"), "export {};\n");
  fs.writeFileSync(path.join(clientDir, "assets", "fonts", "serif-Cd34.woff2"), "font");
  fs.writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
  app = Fastify();
  await registerClientFiles(app, clientDir);
  // The pages' catch-all, as the store has it: a file not there must not reach it.
  app.get("/*", async (_request, reply) => reply.code(404).send("page"));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("the built client's files", () => {
  it("serves a hashed file, nested ones too, for a year as immutable, GET and HEAD", async () => {
    const answer = await app.inject({ url: "/assets/entry-Ab12.js" });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe("export {};\n");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect((await app.inject({ url: "/assets/fonts/serif-Cd34.woff2" })).body).toBe("font");
    const head = await app.inject({ method: "HEAD", url: "/assets/entry-Ab12.js" });
    expect(head.statusCode).toBe(200);
  });

  it("serves a file beside assets/ for an hour", async () => {
    const answer = await app.inject({ url: "/favicon.svg" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 404 for a name not there or outside the folder, never a page or another file", async () => {
    for (const url of ["/assets/missing-Zz99.js", "/assets/", "/assets/..%2ffavicon.svg", "/assets/fonts/..%2f..%2ffavicon.svg"]) {
      const answer = await app.inject({ url });
      expect([403, 404], url).toContain(answer.statusCode);
      expect(answer.body, url).not.toBe("page");
      expect(answer.body, url).not.toBe("<svg/>");
    }
  });

  it("has one route for every hashed file, not one per file", () => {
    expect(app.hasRoute({ method: "GET", url: "/assets/*" })).toBe(true);
    expect(app.hasRoute({ method: "GET", url: "/assets/entry-Ab12.js" })).toBe(false);
    expect(app.hasRoute({ method: "GET", url: "/favicon.svg" })).toBe(true);
  });
});
