import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The smallest server build React Router serves (server/http/ssr.ts loads `<dir>/server/index.js`), for tests of the
 * server's page handling without building the app: a root route with an error boundary, `/services` (a page with no
 * action, like most of the store's) and `/boom` (a loader that throws). The entry answers a bare document with the
 * status React Router decided. Returns the folder and a function that removes it.
 */
export function writeFakePageBuild(): { buildDir: string; remove(): void } {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-pages-"));
  fs.mkdirSync(path.join(buildDir, "client"));
  fs.mkdirSync(path.join(buildDir, "server"));
  const source = `
const page = () => null;
const route = (id, parentId, routePath, module) => ({ id, parentId, path: routePath, module });
export const routes = {
  root: route("root", undefined, "", { default: page, ErrorBoundary: page }),
  "routes/services": route("routes/services", "root", "services", { default: page }),
  "routes/boom": route("routes/boom", "root", "boom", { default: page, loader: () => { throw new Error("the loader broke"); } }),
};
export const entry = {
  module: {
    pageContext: { defaultValue: undefined },
    default: (_request, status, headers) => {
      headers.set("content-type", "text/html; charset=utf-8");
      return new Response("<!doctype html><title>page</title>", { status, headers });
    },
  },
};
const manifestRoute = (id, parentId, routePath) => ({ id, parentId, path: routePath, module: "/assets/" + id + ".js", hasAction: false, hasLoader: id === "routes/boom", hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: id === "root", imports: [], css: [] });
export const assets = {
  version: "fake",
  url: "/assets/manifest-fake.js",
  entry: { module: "/assets/entry.js", imports: [] },
  routes: { root: manifestRoute("root", undefined, ""), "routes/services": manifestRoute("routes/services", "root", "services"), "routes/boom": manifestRoute("routes/boom", "root", "boom") },
};
export const basename = "/";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = "/";
export const assetsBuildDirectory = ${JSON.stringify(path.join(buildDir, "client"))};
export const routeDiscovery = { mode: "initial", manifestPath: "/__manifest" };
`;
  fs.writeFileSync(path.join(buildDir, "server", "package.json"), '{ "type": "module" }\n');
  fs.writeFileSync(path.join(buildDir, "server", "index.js"), source);
  return { buildDir, remove: () => fs.rmSync(buildDir, { recursive: true, force: true }) };
}
