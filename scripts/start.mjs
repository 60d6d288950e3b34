// `npm start`: build when there is no complete build (never rebuilds one: `npm run build` does that), then run the
// compiled server. docs/decisions/0014-npm-start-mode.md
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const entry = path.join(buildDir, "app-server", "main.js");
// A 16 MB young generation (V8 picks up to 64 MB on this heap): renders finish quickly, so their objects die young
// either way, and RSS under SSR load stays lower (docs/decisions/0039-ssr-memory.md). `npm start` passes it to this
// very process (package.json), which then runs the server itself: one Node start, not two (issue 27, cold start).
const V8_FLAGS = ["--max-semi-space-size=16"];
// One glibc malloc arena for every thread (the libuv pool's, V8's helpers): the arenas of the other threads held ~4 MB
// of an idle store and 30-40 MB at the peak of rendering, for no measurable CPU (issue 27, docs/perf-notes.md).
// glibc reads it when the process starts: `npm start` sets it (package.json), as does the Docker image.
const MALLOC_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "1" };

if (!fs.existsSync(path.join(buildDir, ".build-complete"))) {
  console.log("No build yet: building the app…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React renders with its production build in every mode. Without NODE_ENV the store is the try-out store (demo
// customer, readable mail, sandbox payments): TRY_OUT=true says so instead of a development NODE_ENV. Such a store
// listens on 127.0.0.1 unless HOST is set (server/config.ts), and its start line names the address.
const env = { BUILD_DIR: buildDir };
if (!process.env.NODE_ENV) {
  env.NODE_ENV = "production";
  env.TRY_OUT = process.env.TRY_OUT ?? "true";
}

if (V8_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  Object.assign(process.env, env);
  await import(pathToFileURL(entry).href);
} else {
  // Started without the flags (`node scripts/start.mjs`): the server runs as a child that has them, and the arena.
  const server = spawn(process.execPath, [...V8_FLAGS, entry], { cwd: root, stdio: "inherit", env: { ...process.env, ...MALLOC_ENV, ...env } });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
