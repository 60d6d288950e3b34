import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { findVulnerable, type Advisory } from "./advisories";

const advisory: Advisory = { id: "GHSA-test", package: "left-pad", vulnerable: "<1.3.0", title: "test" };

describe("offline dependency check", () => {
  it("names every installed copy whose version an advisory lists, nested ones included", () => {
    const lockfile = {
      packages: {
        "": { version: "1.0.0" },
        "node_modules/left-pad": { version: "1.2.0" },
        "node_modules/a/node_modules/left-pad": { version: "1.3.0" },
        "node_modules/b/node_modules/left-pad": { version: "1.1.1" },
        "node_modules/right-pad": { version: "1.0.0" },
      },
    };
    expect(findVulnerable(lockfile, [advisory]).map((finding) => finding.location)).toEqual([
      "node_modules/left-pad",
      "node_modules/b/node_modules/left-pad",
    ]);
  });

  it("finds nothing vulnerable in what this repository installs", () => {
    const lockfile = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
    const { advisories } = JSON.parse(fs.readFileSync("security/advisories.json", "utf8"));
    expect(findVulnerable(lockfile, advisories)).toEqual([]);
  });
});
