import semver from "semver";

export interface Advisory {
  id: string;
  package: string;
  /** A semver range of the affected versions. */
  vulnerable: string;
  title: string;
}

export interface Finding {
  advisory: Advisory;
  version: string;
  /** Where package-lock.json installs it (node_modules/…). */
  location: string;
}

type Lockfile = { packages?: Record<string, { version?: string; name?: string }> };

/** Every installed package of the lock file (name, version, location) that an advisory lists as vulnerable. */
export function findVulnerable(lockfile: Lockfile, advisories: Advisory[]): Finding[] {
  const findings: Finding[] = [];
  for (const [location, entry] of Object.entries(lockfile.packages ?? {})) {
    if (!location || !entry.version) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    for (const advisory of advisories) {
      if (advisory.package === name && semver.satisfies(entry.version, advisory.vulnerable, { includePrerelease: true })) {
        findings.push({ advisory, version: entry.version, location });
      }
    }
  }
  return findings;
}
