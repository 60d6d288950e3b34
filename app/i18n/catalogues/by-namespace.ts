/** A catalogue file's namespace: its name in app/locales/<locale>/, or `validation` for common/validation/<locale>.json. */
export function namespaceOf(file: string): string {
  if (/validation\/[^/]+\.json$/.test(file)) return "validation";
  return /locales\/[^/]+\/([^/]+)\.json$/.exec(file)?.[1] ?? "";
}

/** Globbed catalogue files by namespace. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([file, messages]) => [namespaceOf(file), messages]));
}
