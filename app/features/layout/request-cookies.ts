/** One cookie's value from a `Cookie` request header, or undefined. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(/;\s*/)) {
    if (part.startsWith(`${name}=`)) {
      try {
        return decodeURIComponent(part.slice(name.length + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
