// The edits to React Router's files (server/react-router-patches.ts) apply to the installed version, and a patched
// process matches every path as React Router's own matching does, with match objects of its own per request.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PATCHES, patchSource } from "./react-router-patches";

const root = path.resolve(import.meta.dirname, "..");

/** Runs in a Node of its own: the hooks must be in place before React Router loads. */
const MATCHING = `
import { patchReactRouter, patched, unpatched } from ${JSON.stringify(path.join(root, "server/react-router-patches.ts"))};
patchReactRouter();
const rr = await import("react-router");
const routes = [{ id: "root", path: "", children: [
  { id: "home", path: ":lang?", index: false },
  { id: "service", path: ":lang?/services/:serviceId" },
  { id: "admin", path: ":lang?/admin", children: [{ id: "admin-index", index: true }, { id: "order", path: "orders/:number" }] },
  { id: "any", path: "*" },
] }];
const handler = rr.createStaticHandler(routes);
const paths = ["/", "/es", "/services/deck", "/es/services/deck", "/admin", "/es/admin/orders/7", "/nope/x", "/es/services/deck/"];
const out = [];
for (const p of paths) {
  const first = handler.match(p), second = handler.match(p);
  const own = rr.matchRoutes(routes, p);
  const shape = (m) => m && m.map((x) => ({ id: x.route.id, params: x.params, pathname: x.pathname, base: x.pathnameBase }));
  out.push({ p, same: JSON.stringify(shape(first)) === JSON.stringify(shape(own)) && JSON.stringify(shape(second)) === JSON.stringify(shape(own)), fresh: !first || first !== second && first[0] !== second[0] });
}
console.log(JSON.stringify({ patched, unpatched, out }));
`;

describe("React Router's per-render work done once", () => {
  it("applies every edit to the installed React Router", () => {
    for (const patch of PATCHES) {
      const source = fs.readFileSync(path.join(root, "node_modules/react-router", patch.file), "utf8");
      expect(patchSource(patch.file, source), patch.file).not.toBeNull();
    }
  });

  it("matches as React Router does, with new match objects each time", () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", MATCHING], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    expect(run.stderr).toBe("");
    const result = JSON.parse(run.stdout) as { patched: string[]; unpatched: string[]; out: Array<{ p: string; same: boolean; fresh: boolean }> };
    expect(result.unpatched).toEqual([]);
    expect(result.patched).toEqual(expect.arrayContaining(PATCHES.map((patch) => patch.file)));
    for (const row of result.out) expect(row, row.p).toMatchObject({ same: true, fresh: true });
  });
});
