/** `["orderFormData", 0, "brief", "topic"]` → `orderFormData[0].brief.topic`: how the API names a field in its 400 errors. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, "");
}
