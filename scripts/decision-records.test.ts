import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingPaths, namedPaths } from "./decision-record-paths";

const ROOT = join(import.meta.dirname, "..");
const RECORDS = "docs/decisions";

describe("the paths a decision record names", () => {
  it("are the backticked words and link targets under the repository's folders", () => {
    const markdown = [
      "`server/http/ssr.ts` renders; see [the lifecycle](../../server/modules/orders/order-lifecycle.ts#L3).",
      "Run `node --import tsx server/main.ts`, then `scripts/cluster/` (`contract/money`, `server/db/time.ts:12`).",
      "Not `build/app-server/main.js`, nor [a site](https://example.com/server/x.ts) or `npm run lint`.",
    ].join("\n");
    expect(namedPaths(markdown, "docs/decisions/0001-x.md")).toEqual([
      "server/http/ssr.ts",
      "server/main.ts",
      "scripts/cluster",
      "contract/money",
      "server/db/time.ts",
      "server/modules/orders/order-lifecycle.ts",
    ]);
  });

  it("are checked up to a glob's first wildcard, and a placeholder is an example", () => {
    const markdown =
      "`server/db/migrations/**`, `server/*.ts`, `app/features/x`, `server/modules/A/**`, `server/modules/B/<not index.ts>`";
    expect(namedPaths(markdown, "docs/decisions/0001-x.md")).toEqual(["server/db/migrations", "server"]);
  });

  it("are reported when they do not exist", () => {
    expect(missingPaths(ROOT, "docs/decisions/0001-x.md", "`server/http/ssr.ts` and `server/http/gone.ts`")).toEqual([
      "docs/decisions/0001-x.md names server/http/gone.ts",
    ]);
  });

  it("all exist, in every record", () => {
    const records = readdirSync(join(ROOT, RECORDS)).filter((name) => name.endsWith(".md"));
    expect(records.length).toBeGreaterThan(0);
    const missing = records.flatMap((name) => {
      const recordPath = `${RECORDS}/${name}`;
      return missingPaths(ROOT, recordPath, readFileSync(join(ROOT, recordPath), "utf8"));
    });
    expect(missing).toEqual([]);
  });
});
