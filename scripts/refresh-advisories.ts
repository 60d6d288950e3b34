/**
 * `npm run audit:refresh`, where the npm registry is reachable: runs `npm audit --json` and merges what it reports
 * into security/advisories.json, so `npm run audit:offline` knows about it in CI without the registry.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { Advisory } from "./advisories";

type AuditVia = { source?: number; name?: string; title?: string; url?: string; range?: string };
type Audit = { vulnerabilities?: Record<string, { via: Array<AuditVia | string> }> };

let output: string;
try {
  output = execFileSync("npm", ["audit", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
} catch (error) {
  // npm audit exits 1 when it finds something; its report is still on stdout.
  output = String((error as { stdout?: string }).stdout ?? "");
  if (!output) throw error;
}
const audit = JSON.parse(output) as Audit;
const file = "security/advisories.json";
const current = JSON.parse(fs.readFileSync(file, "utf8")) as { advisories: Advisory[] } & Record<string, unknown>;
const known = new Set(current.advisories.map((advisory) => advisory.id));
for (const entry of Object.values(audit.vulnerabilities ?? {})) {
  for (const via of entry.via) {
    if (typeof via === "string" || !via.name || !via.range) continue;
    const id = via.url?.split("/").pop() ?? `npm-${via.source}`;
    if (known.has(id)) continue;
    known.add(id);
    current.advisories.push({ id, package: via.name, vulnerable: via.range, title: via.title ?? "" });
  }
}
current.updated = new Date().toISOString().slice(0, 10);
fs.writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
console.log(`audit:refresh: ${current.advisories.length} advisories in ${file}`);
