import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { crossings } from "./cross-module-tables";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A tree with modules a (owns `apples`) and b (owns `bees`), and the given extra files. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "crossings-"));
  const put = (path: string, text: string) => {
    mkdirSync(join(root!, path, ".."), { recursive: true });
    writeFileSync(join(root!, path), text);
  };
  put("server/modules/a/a.tables.ts", "export interface ATables {\n  apples: ApplesTable;\n}\n");
  put("server/modules/b/b.tables.ts", "export interface BTables {\n  bees: BeesTable;\n}\n");
  for (const [path, text] of Object.entries(files)) put(path, text);
  return root;
}

describe("the cross-module tables check", () => {
  it("names a query of another module's table, with file and line", () => {
    const dir = tree({ "server/modules/a/a.repository.ts": 'db.selectFrom("apples");\ndb.selectFrom("apples").leftJoin("bees as x", "x.id", "apples.bee");\n' });
    expect(crossings(dir)).toEqual(["server/modules/a/a.repository.ts:2 bees (owned by b)"]);
  });

  it("counts the root too, and leaves tests and server/test out", () => {
    const dir = tree({
      "server/services.ts": 'db.selectFrom("bees")',
      "server/modules/a/a.test.ts": 'db.insertInto("bees")',
      "server/test/helpers.ts": 'db.updateTable("bees")',
    });
    expect(crossings(dir)).toEqual(["server/services.ts:1 bees (owned by b)"]);
  });
});
