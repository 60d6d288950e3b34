// `npm start`: build the app when no current build exists, then run the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".source-stamp");

/** Newest modification time among the files the build is made from. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "contract", "content"].map((dir) => newestSource(path.join(root, dir)));
const built = fs.existsSync(stamp) ? Number(fs.readFileSync(stamp, "utf8")) : -1;
const newest = Math.max(...sources);
if (built < newest || !fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("Building the app…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, String(newest));
}

// NODE_ENV is left as the operator set it: unset, the store runs on its try-out defaults (demo customer, mail
// readable at /dev/mailbox); a real deployment sets NODE_ENV=production (docs/decisions/0014-npm-start-mode.md).
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
