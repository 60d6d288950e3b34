// `npm run build`: the React app (react-router build) and the server compiled to plain JavaScript, then the mark
// `npm start` looks for. Writes into BUILD_DIR (default `build/`). docs/decisions/0019-compiled-server.md
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverDir = path.join(buildDir, "app-server");
const COMPLETE_MARK = ".build-complete";

fs.rmSync(path.join(buildDir, COMPLETE_MARK), { force: true });

const app = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: process.env });
if (app.status !== 0) process.exit(app.status ?? 1);

fs.rmSync(serverDir, { recursive: true, force: true });
const common = {
  platform: "node",
  format: "esm",
  target: "node24",
  bundle: true,
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  absWorkingDir: root,
};
// Code splitting: a module the server imports on first use (mail templates, PDF documents, Stripe, S3, Redis) becomes
// its own file, and so do the packages it imports; a store that never needs them never loads them.
await build({
  ...common,
  // The entry turns on the compile cache, then imports main.ts (server/entry.ts).
  entryPoints: { main: "server/entry.ts" },
  outdir: serverDir,
  splitting: true,
  chunkNames: "[name]-[hash]",
});

// Two folders are read at run time next to the module that reads them (import.meta.dirname, which in the bundle is
// app-server/): the migrations, compiled one file each, and the server's message catalogues, copied.
const migrations = path.join(root, "server", "db", "migrations");
const migrationFiles = fs.readdirSync(migrations).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
await build({ ...common, entryPoints: migrationFiles.map((file) => path.join(migrations, file)), outdir: path.join(serverDir, "migrations") });
const catalogues = path.join(root, "server", "i18n");
for (const entry of fs.readdirSync(catalogues, { withFileTypes: true })) {
  if (entry.isDirectory()) fs.cpSync(path.join(catalogues, entry.name), path.join(serverDir, entry.name), { recursive: true });
}

// V8 keeps a module's source for as long as the process runs, in one byte per character only when every character is
// Latin-1: one "→" in a comment made the 650,000-character server bundle two bytes a character (issue 27, idle memory).
// esbuild already escapes strings and regular expressions (charset ascii); what is left (comments, and the React Router
// build's text) is written as \u escapes, which mean the same in strings, templates, regular expressions and comments
// (neither bundle reads a template's raw text). Source maps keep their lines; a column after such a character shifts.
function latin1Sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, "utf8");
    const escaped = text.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    if (escaped !== text) fs.writeFileSync(file, escaped);
  }
}
latin1Sources(serverDir);
latin1Sources(path.join(buildDir, "server"));

fs.writeFileSync(path.join(buildDir, COMPLETE_MARK), new Date().toISOString() + "\n");
console.log(`Built the app and the server into ${path.relative(root, buildDir) || "."}`);
