import { registerHooks } from "node:module";

/**
 * Four edits to React Router's production files as Node loads them (docs/decisions/0083-react-router-render-work.md):
 * work React Router does again on every server render although its inputs never change (issue 27, render CPU).
 *
 * - Route matching: `matchRoutesImpl` tries the ranked branches in order until one matches (~90 here: every optional
 *   `:lang?` segment is exploded into two), twice per request. With the ranked branches of a matcher (the static
 *   handler's; the browser's React Router is Vite's bundle, not edited) it now remembers, per branch list and path,
 *   which branch matched and matches only that one again, so every request still gets its own match objects.
 * - `ServerRouter` built the route objects of every route from the manifest per render (`createServerRoutes`): they
 *   depend only on the manifest and the route modules (a new object per request, the same modules in it), and are
 *   kept with the manifest's routes while the modules are the same.
 * - `createStaticRouter` turned those routes into data routes per render (`convertRoutesToDataRoutes`): kept with the
 *   routes they were made from.
 * - Every `<Link>` resolved its `to` twice (`useHref`, the click handler), each time writing the route pathnames as
 *   JSON and reading them back: the JSON is kept per matches array, and a string `to` resolved once per location and
 *   route pathnames (each caller gets its own copy of the path).
 *
 * Each edit replaces exact lines of React Router 8.4.0. When a line is not found (another version), that file loads
 * unchanged and `unpatched` names it; server/react-router-patches.test.ts fails then, so an upgrade looks again.
 */
export interface SourcePatch {
  /** The file's path inside node_modules/react-router. */
  file: string;
  find: string;
  replace: string;
  /** Added at the end of the module. */
  append?: string;
}

/** Paths lookups remembered per branch list: paths are the visitor's, so the map is bounded. */
const MAX_PATHS = 2_000;

export const PATCHES: readonly SourcePatch[] = [
  {
    file: "dist/production/lib/router/utils.js",
    find: "\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);",
    replace: [
      "\tlet known = precomputedBranches ? __scriptoriumBranchOf(branches, allowPartial) : null;",
      "\tlet at = known ? known.get(decoded) : void 0;",
      "\tif (at !== void 0) return at < 0 ? null : matchRouteBranch(branches[at], decoded, allowPartial);",
      "\tlet i = 0;",
      "\tfor (; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);",
      `\tif (known) { if (known.size >= ${MAX_PATHS}) known.clear(); known.set(decoded, matches == null ? -1 : i - 1); }`,
    ].join("\n"),
    append: [
      "const __scriptoriumBranches = [new WeakMap(), new WeakMap()];",
      "function __scriptoriumBranchOf(branches, allowPartial) {",
      "\tlet byBranches = __scriptoriumBranches[allowPartial ? 1 : 0];",
      "\tlet known = byBranches.get(branches);",
      "\tif (!known) byBranches.set(branches, known = new Map());",
      "\treturn known;",
      "}",
    ].join("\n"),
  },
  {
    file: "dist/production/lib/dom/ssr/server.js",
    find: "\tlet routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
    replace: [
      "\tlet kept = __scriptoriumServerRoutes.get(manifest.routes);",
      "\tif (!kept || kept.isSpaMode !== context.isSpaMode || !__scriptoriumSameModules(kept.routeModules, routeModules)) __scriptoriumServerRoutes.set(manifest.routes, kept = { routeModules, isSpaMode: context.isSpaMode, routes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) });",
      "\tlet routes = kept.routes;",
    ].join("\n"),
    append: [
      "const __scriptoriumServerRoutes = new WeakMap();",
      // The request handler makes a new object of the same route modules for every request.
      "function __scriptoriumSameModules(kept, now) {",
      "\tlet ids = Object.keys(now);",
      "\tif (ids.length !== Object.keys(kept).length) return false;",
      "\tfor (let id of ids) if (kept[id] !== now[id]) return false;",
      "\treturn true;",
      "}",
    ].join("\n"),
  },
  {
    file: "dist/production/lib/dom/server.js",
    find: "\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);",
    replace: [
      "\tlet kept = __scriptoriumDataRoutes.get(routes);",
      "\tif (!kept) { let made = {}; __scriptoriumDataRoutes.set(routes, kept = { manifest: made, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, made) }); }",
      "\tlet { manifest, dataRoutes } = kept;",
    ].join("\n"),
    append: "const __scriptoriumDataRoutes = new WeakMap();",
  },
  {
    file: "dist/production/lib/hooks.js",
    find: [
      "\tlet routePathnamesJson = JSON.stringify(getResolveToMatches(matches));",
      "\treturn React$1.useMemo(() => resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, relative === \"path\"), [",
    ].join("\n"),
    replace: [
      "\tlet routePathnamesJson = __scriptoriumPathnamesJson(matches);",
      "\treturn React$1.useMemo(() => __scriptoriumResolved(to, routePathnamesJson, locationPathname, relative === \"path\"), [",
    ].join("\n"),
    append: [
      "const __scriptoriumJson = new WeakMap();",
      "function __scriptoriumPathnamesJson(matches) {",
      "\tlet json = __scriptoriumJson.get(matches);",
      "\tif (json === void 0) __scriptoriumJson.set(matches, json = JSON.stringify(getResolveToMatches(matches)));",
      "\treturn json;",
      "}",
      "const __scriptoriumPaths = new Map();",
      "function __scriptoriumResolved(to, json, locationPathname, isPathRelative) {",
      "\tif (typeof to !== \"string\") return resolveTo(to, JSON.parse(json), locationPathname, isPathRelative);",
      '\tlet key = (isPathRelative ? "1" : "0") + "\\u0000" + locationPathname + "\\u0000" + json + "\\u0000" + to;',
      "\tlet path = __scriptoriumPaths.get(key);",
      "\tif (!path) {",
      `\t\tif (__scriptoriumPaths.size >= ${MAX_PATHS}) __scriptoriumPaths.clear();`,
      "\t\t__scriptoriumPaths.set(key, path = resolveTo(to, JSON.parse(json), locationPathname, isPathRelative));",
      "\t}",
      "\treturn { ...path };",
      "}",
    ].join("\n"),
  },
];

/** The file of `url` inside node_modules/react-router, or null for any other module. */
function reactRouterFile(url: string): string | null {
  const at = url.lastIndexOf("/node_modules/react-router/");
  return at === -1 ? null : url.slice(at + "/node_modules/react-router/".length);
}

/** `source` with the patch of `file` applied, or null when the file has none or its line is not there exactly once. */
export function patchSource(file: string, source: string): string | null {
  const patch = PATCHES.find((candidate) => candidate.file === file);
  if (!patch) return null;
  const at = source.indexOf(patch.find);
  if (at === -1 || source.indexOf(patch.find, at + 1) !== -1) return null;
  const edited = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
  return patch.append ? `${edited}\n${patch.append}\n` : edited;
}

/** Files whose patch did not apply in this process (another React Router version), and those patched. */
export const unpatched: string[] = [];
export const patched: string[] = [];

/** Applies the patches to React Router's files as they load; call before anything imports react-router. */
export function patchReactRouter(): void {
  registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      const file = reactRouterFile(url);
      if (!file || !PATCHES.some((patch) => patch.file === file) || loaded.source === undefined) return loaded;
      const source = typeof loaded.source === "string" ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString("utf8");
      const edited = patchSource(file, source);
      if (edited === null) {
        unpatched.push(file);
        return loaded;
      }
      patched.push(file);
      return { ...loaded, source: edited };
    },
  });
}
