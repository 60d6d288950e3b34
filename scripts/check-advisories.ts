/** `npm run audit:offline`: fails when package-lock.json installs a version listed in security/advisories.json. */
import fs from "node:fs";
import { findVulnerable, type Advisory } from "./advisories";

const lockfile = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const { advisories, updated } = JSON.parse(fs.readFileSync("security/advisories.json", "utf8")) as { advisories: Advisory[]; updated: string };
const findings = findVulnerable(lockfile, advisories);
for (const { advisory, version, location } of findings) {
  console.error(`${advisory.package}@${version} (${location}) is vulnerable: ${advisory.id} ${advisory.title} (affected ${advisory.vulnerable})`);
}
console.log(`audit:offline: ${Object.keys(lockfile.packages ?? {}).length - 1} installed packages against ${advisories.length} advisories (updated ${updated}): ${findings.length} vulnerable`);
process.exitCode = findings.length > 0 ? 1 : 0;
