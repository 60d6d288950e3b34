// The command line `npm start` runs (package.json's start script), for the bench's stores to start as it does.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const ASSIGNMENT = /^[A-Z_]+=/;

/** The start script's words: its environment (`NAME=value` first), node, its V8 flags and scripts/start.mjs. */
export const START_WORDS: string[] = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start.split(" ");
/** The environment the start script sets (MALLOC_ARENA_MAX). */
export const START_ENV: Record<string, string> = Object.fromEntries(
  START_WORDS.filter((word) => ASSIGNMENT.test(word)).map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
);
/** The command itself: node, its flags and the script. */
export const START_COMMAND: string[] = START_WORDS.filter((word) => !ASSIGNMENT.test(word));
