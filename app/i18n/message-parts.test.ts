// The browser loads the shop's messages on every page and the account's and the back office's only for the pages
// that ask (app/i18n/account-ready.ts, back-office-ready.ts; issue 27). A page whose code uses a namespace of a part
// it does not ask for would show message keys after a client navigation and differ from the server's text on a first
// load. Every route module's static imports are read here, and each namespace they use must be in a part it loads.
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { ACCOUNT_NAMESPACES, isBackOfficeNamespace } from "./resources";

const app = path.resolve(import.meta.dirname, "..");
const ACCOUNT_READY = path.join(app, "i18n", "account-ready.ts");
const BACK_OFFICE_READY = path.join(app, "i18n", "back-office-ready.ts");

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(app, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file)) ?? null;
}

/** The module and every module of ours it imports statically (type-only imports aside), directly or not. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier = ""] of source.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?"([.~][^"]*)"/gm,
    )) {
      const resolved = resolveImport(file, specifier);
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return seen;
}

/** Namespaces a module uses: `useTranslation("ns")` and keys named `ns:key`. */
function namespacesOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const hooks = [...source.matchAll(/useTranslation\(\s*"([\w-]+)"/g)].map((match) => match[1] ?? "");
  const prefixed = [...source.matchAll(/\bt\w*\(\s*["`]([a-z-]+):/g)].map((match) => match[1] ?? "");
  return [...hooks, ...prefixed];
}

/** Each page as the modules the router loads for it: the root's, its layouts' and its own. */
function pages(entries: RouteConfigEntry[], parents: string[]): Array<[string, string[]]> {
  return entries.flatMap((entry) => {
    const files = [...parents, path.join(app, entry.file)];
    return [[entry.file, files] as [string, string[]], ...pages(entry.children ?? [], files)];
  });
}

const root = path.join(app, "root.tsx");
const entries: Array<[string, string[]]> = [
  ["root.tsx", [root]],
  ["back-office-chrome.tsx (lazy)", [root, path.join(app, "back-office-chrome.tsx")]],
  ...pages(routes, [root]),
];

describe("the message parts a page loads in the browser", () => {
  it.each(entries)("cover every namespace %s uses", (_name, files) => {
    const modules = new Set(files.flatMap((file) => [...staticClosure(file)]));
    const account = modules.has(ACCOUNT_READY) || modules.has(BACK_OFFICE_READY);
    const backOffice = modules.has(BACK_OFFICE_READY);
    const missing = [...modules].flatMap((file) =>
      namespacesOf(file)
        .filter((ns) => (ACCOUNT_NAMESPACES.includes(ns) && !account) || (isBackOfficeNamespace(ns) && !backOffice))
        .map((ns) => `${path.relative(app, file)}: ${ns}`),
    );
    expect(missing).toEqual([]);
  });

  it("are read from the pages' imports (the shop's home, cart and back office)", () => {
    expect(staticClosure(path.join(app, "routes", "home.tsx")).has(ACCOUNT_READY)).toBe(false);
    expect(staticClosure(path.join(app, "routes", "cart.tsx")).has(ACCOUNT_READY)).toBe(true);
    expect(staticClosure(path.join(app, "routes", "admin.tsx")).has(BACK_OFFICE_READY)).toBe(true);
  });
});
