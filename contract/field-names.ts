/** `["orderFormData", 0, "brief", "topic"]` → `orderFormData[0].brief.topic`: how the API names a field in its 400 errors. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, "");
}

/** What `input` holds at a field's path (a zod issue's `path`); `undefined` where the path leads nowhere. */
export function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}
