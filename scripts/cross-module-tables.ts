/**
 * Lint: no query names another server module's tables (ARCHITECTURE.md "Modules": a module's repositories see only
 * its own tables; another module's data comes through that module's service). A module owns the tables its
 * *.tables.ts lists in its `...Tables` interface. Kysely calls that name a table (selectFrom, insertInto, updateTable,
 * deleteFrom, the joins, …) are checked in every server file but tests (*.test.ts, server/test/) and migrations.
 * Our own copy of ../shared/tools/cross-module-tables.py, so `npm run lint` needs nothing beside the clone.
 * Prints each crossing and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";


/** table name → owning module */
export function tableOwners(modulesDir: string): Map<string, string> {
  const owner = new Map<string, string>();
  for (const module of readdirSync(modulesDir).sort()) {
    const dir = join(modulesDir, module);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".tables.ts"))) {
      const source = readFileSync(join(dir, file), "utf8");
      for (const [, block = ""] of source.matchAll(/export interface \w+Tables\s*\{([^}]*)\}/g)) {
        for (const [, table = ""] of block.matchAll(/^\s*(\w+)\s*:/gm)) owner.set(table, module);
      }
    }
  }
  return owner;
}

const CALL = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|replaceInto|mergeInto)\(\s*["'](\w+)(?:\s+as\s+\w+)?["']/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "test" && entry.name !== "migrations") yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
      yield path;
    }
  }
}

/** Every `file:line table (owned by module)` where a query names a table another module owns. */
export function crossings(rootDir: string): string[] {
  const owner = tableOwners(join(rootDir, "server", "modules"));
  const found: string[] = [];
  for (const path of sourceFiles(join(rootDir, "server"))) {
    const parts = relative(rootDir, path).split(sep);
    const here = parts[1] === "modules" && parts.length > 3 ? parts[2] : undefined;
    readFileSync(path, "utf8").split("\n").forEach((line, index) => {
      for (const [, table = ""] of line.matchAll(CALL)) {
        const module = owner.get(table);
        if (module && module !== here) found.push(`${parts.join("/")}:${index + 1} ${table} (owned by ${module})`);
      }
    });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = crossings(process.argv[2] ?? ".");
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`${found.length} queries name another module's tables: ask the owning module's service (ARCHITECTURE.md "Modules").`);
    process.exit(1);
  }
}
