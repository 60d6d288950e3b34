/**
 * The repository paths a decision record (docs/decisions/*.md) names, so a test can check each still exists: every
 * backticked word and every Markdown link target that starts at one of the repository's top folders. A glob is checked
 * up to its first wildcard (`server/db/migrations/**` names `server/db/migrations`); a placeholder (`app/features/x`,
 * `server/modules/A/**`, `<not index.ts>`) is an example, not a path; a link is resolved from the record's folder.
 */
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const ROOTS = [
  "app",
  "common",
  "content",
  "contract",
  "deploy",
  "docs",
  "public",
  "scripts",
  "security",
  "server",
  "tests",
];
const ROOTED = new RegExp(`^(?:${ROOTS.join("|")})/`);
const WILDCARD = /[*?{[]/;

/** `server/db/migrations/**` → `server/db/migrations`; null for an example path or one that is not the repository's. */
export function checkablePath(word: string): string | null {
  const path = word.replace(/[#:].*$/, "").replace(/[.,;)]+$/, "");
  if (!ROOTED.test(path)) return null;
  const segments = path.split("/");
  const wild = segments.findIndex((segment) => WILDCARD.test(segment));
  const fixed = wild === -1 ? segments : segments.slice(0, wild);
  if (fixed.some((segment) => /^[A-Za-z]$/.test(segment) || /[<>]/.test(segment))) return null;
  return fixed.join("/").replace(/\/$/, "");
}

/** The checkable paths `markdown` (the record at `recordPath`, relative to the repository) names, in order, once each. */
export function namedPaths(markdown: string, recordPath: string): string[] {
  const words: string[] = [];
  for (const [, span = ""] of markdown.matchAll(/`([^`\n]+)`/g)) words.push(...span.split(/\s+/));
  for (const [, target = ""] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith("#")) continue;
    words.push(normalize(join(dirname(recordPath), target.replace(/#.*$/, ""))).replaceAll("\\", "/"));
  }
  const paths = words.map(checkablePath).filter((path): path is string => path !== null);
  return [...new Set(paths)];
}

/** The named paths that do not exist under `root`; an import-style name (`contract/money`) may leave out `.ts`. */
export function missingPaths(root: string, recordPath: string, markdown: string): string[] {
  const exists = (path: string) => ["", ".ts", ".tsx"].some((extension) => existsSync(join(root, path + extension)));
  return namedPaths(markdown, recordPath)
    .filter((path) => !exists(path))
    .map((path) => `${recordPath} names ${path}`);
}
