// `npm run build`: the React app (react-router build) and the server compiled to plain JavaScript, then the mark
// `npm start` looks for. Writes into BUILD_DIR (default `build/`). docs/decisions/0019-compiled-server.md
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleServer } from "./server-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverDir = path.join(buildDir, "app-server");
const COMPLETE_MARK = ".build-complete";

fs.rmSync(path.join(buildDir, COMPLETE_MARK), { force: true });

const app = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: process.env });
if (app.status !== 0) process.exit(app.status ?? 1);

fs.rmSync(serverDir, { recursive: true, force: true });

await bundleServer({ main: "server/entry.ts" }, serverDir);

// V8 keeps a module's source for as long as the process runs, in one byte per character only when every character is
// ASCII: Node reads a module as UTF-8, and one non-ASCII character (even Latin-1, "é") makes the whole source two bytes
// a character. A heap snapshot of the idle store showed the two largest server files at twice their size (4.2 and
// 3.2 MB for 2.1 and 1.6 MB of text; issue 27, idle memory).
// esbuild already escapes strings and regular expressions (charset ascii); what is left (comments, and the React Router
// build's text) is written as \u escapes, which mean the same in strings, templates, regular expressions and comments
// (neither bundle reads a template's raw text). Source maps keep their lines; a column after such a character shifts.
function asciiSources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, "utf8");
    const escaped = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    if (escaped !== text) fs.writeFileSync(file, escaped);
  }
}
asciiSources(serverDir);
asciiSources(path.join(buildDir, "server"));

fs.writeFileSync(path.join(buildDir, COMPLETE_MARK), new Date().toISOString() + "\n");
console.log(`Built the app and the server into ${path.relative(root, buildDir) || "."}`);
