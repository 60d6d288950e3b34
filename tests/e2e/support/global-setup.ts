import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBuildDir: string;
  }
}

/**
 * Browser journeys run against the real production build (app and compiled server): built once per run, in a folder
 * of its own, with NODE_ENV=production as `npm run build` has it in a deployment (vitest's NODE_ENV=test would give
 * the browser React's development build, which no customer gets).
 */
export default function setup(project: TestProject): () => void {
  const root = path.resolve(import.meta.dirname, "../../..");
  const buildDir = path.join(root, ".e2e-build", String(process.pid));
  execFileSync(process.execPath, ["scripts/build.mjs"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  project.provide("e2eBuildDir", buildDir);
  return () => fs.rmSync(buildDir, { recursive: true, force: true });
}
