import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appFolder = path.join(import.meta.dirname, "..");
const commonValidation = path.join(appFolder, "..", "common", "validation", "en.json");

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function catalogue(ns: string): unknown {
  const file = ns === "validation" ? commonValidation : path.join(appFolder, "locales", "en", `${ns}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
}

/** i18next's lookup: `a.b` inside the namespace, plural forms (`_one`, `_other`) standing for the bare key. */
function exists(ns: string, key: string): boolean {
  let node: unknown = catalogue(ns);
  const parts = key.split(".");
  for (const [index, part] of parts.entries()) {
    if (node === null || typeof node !== "object") return false;
    const record = node as Record<string, unknown>;
    const last = index === parts.length - 1;
    node = part in record ? record[part] : last ? (record[`${part}_other`] ?? record[`${part}_one`]) : undefined;
  }
  return node !== undefined;
}

/**
 * Every literal key a component asks of a `t` bound by `const { t } = useTranslation("ns")` (or `{ t: tX }`), with
 * the namespaces that name is bound to in its file (several components of one file may each bind `t`). Keys built
 * at run time (template literals) are out of reach here; the parity test covers their files.
 */
function keysInUse(): Array<{ file: string; namespaces: string[]; key: string }> {
  return sources(appFolder).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    const bound = new Map<string, string[]>();
    for (const match of text.matchAll(/const \{ t(?:: (\w+))? \} = useTranslation\("(\w+)"\)/g)) {
      const name = match[1] ?? "t";
      bound.set(name, [...(bound.get(name) ?? []), match[2] ?? ""]);
    }
    return [...bound].flatMap(([name, namespaces]) =>
      [...text.matchAll(new RegExp(`\\b${name}\\("([\\w.:-]+)"`, "g"))].map((match) => {
        const raw = match[1] ?? "";
        const [ns, key] = raw.includes(":") ? raw.split(":") : [undefined, raw];
        return { file: path.relative(appFolder, file), namespaces: ns ? [ns] : namespaces, key: key ?? raw };
      }),
    );
  });
}

describe("message keys the app asks for", () => {
  it("finds the keys it checks", () => {
    expect(keysInUse().length).toBeGreaterThan(100);
  });

  it("are all in the English catalogues (and so, by the parity test, in the Spanish ones)", () => {
    const missing = keysInUse().filter(({ namespaces, key }) => !namespaces.some((ns) => exists(ns, key)));
    expect(missing).toEqual([]);
  });
});
