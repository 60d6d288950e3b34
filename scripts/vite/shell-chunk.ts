// Issue 27: every page of the store loads the browser entry and the root layout with all they import, statically. Left
// to the bundler, that code was split into ~30 files by which routes share each module (most under 1 KB): each file a
// request, a gzip stream of its own and a line in every route's list in the manifest. This group puts the modules
// every page needs anyway into one chunk, `shell`; what only some pages import (route modules, their features, the
// back office, the message catalogues loaded on demand) keeps the bundler's own split.
import path from "node:path";
import type { Plugin } from "vite";

interface ModuleGraph {
  getModuleInfo(moduleId: string): { importers: readonly string[] } | null;
}

/** The module's file without a query (`root.tsx?__react-router-build-client-route` is root.tsx). */
function fileOf(moduleId: string): string {
  return moduleId.split("?")[0] ?? moduleId;
}

/**
 * A `name` for a code-splitting group: "shell" for a module that `entries` (absolute paths) import statically,
 * directly or through other modules; null for any other (the bundler places it), and for the entries themselves:
 * an entry's own code runs when its file is imported (the browser entry hydrates only once React Router's inline
 * script has registered the route modules and imports it), not when another file loads the shell. Memoised per build.
 */
export function shellChunkName(entries: readonly string[]): (moduleId: string, graph: ModuleGraph) => string | null {
  const entryFiles = new Set(entries);
  const known = new Map<string, boolean>();
  const importedByEntry = (moduleId: string, graph: ModuleGraph, visiting: Set<string>): boolean => {
    const cached = known.get(moduleId);
    if (cached !== undefined) return cached;
    if (visiting.has(moduleId)) return false;
    visiting.add(moduleId);
    const importers = graph.getModuleInfo(moduleId)?.importers ?? [];
    const result = importers.some(
      (importer) => entryFiles.has(fileOf(importer)) || importedByEntry(importer, graph, visiting),
    );
    visiting.delete(moduleId);
    // A cycle answered "false" for its first module may still reach an entry another way: cache only a firm yes,
    // or a no found without meeting a module still being visited.
    if (result || visiting.size === 0) known.set(moduleId, result);
    return result;
  };
  return (moduleId, graph) =>
    !entryFiles.has(fileOf(moduleId)) && importedByEntry(moduleId, graph, new Set()) ? "shell" : null;
}

/** The client build's `shell` group: modules the browser entry and the root route import statically. */
export function shellChunk(appDirectory: string): Plugin {
  const name = shellChunkName([path.join(appDirectory, "entry.client.tsx"), path.join(appDirectory, "root.tsx")]);
  return {
    name: "scriptorium:shell-chunk",
    configEnvironment: (environment) =>
      environment === "client"
        ? { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name, debugName: "shell", priority: 1 }] } } } } }
        : null,
  };
}
