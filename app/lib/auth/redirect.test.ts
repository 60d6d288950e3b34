import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

/** What `URLSearchParams.get("redirect")` hands the guard for a raw query value. */
const fromQuery = (raw: string) => new URLSearchParams(`redirect=${raw}`).get("redirect");

describe("safeRedirect", () => {
  it("honours a path on this site, with its query and fragment", () => {
    expect(safeRedirect("/es/profile/orders?page=2", "/")).toBe("/es/profile/orders?page=2");
    expect(safeRedirect(fromQuery("%2Fcart%3Fa%3D1%23top"), "/")).toBe("/cart?a=1#top");
  });

  it("falls back for anything that could leave the site", () => {
    for (const target of ["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "profile", "", null, undefined]) {
      expect(safeRedirect(target, "/es")).toBe("/es");
    }
  });

  it.each([
    ["%09 (tab)", "/%09/evil.example"],
    ["%0A (newline)", "/%0A/evil.example"],
    ["%0D (carriage return)", "/%0D/evil.example"],
    ["%5C (backslash)", "/%5Cevil.example"],
    ["%5C%5C", "%5C%5Cevil.example"],
    ["scheme-relative", "%2F%2Fevil.example%2Fpath"],
    ["tab inside the slashes", "%2F%09%2Fevil.example"],
    ["javascript:", "javascript%3Aalert(1)"],
    ["encoded javascript: after a slash", "/%0Ajavascript:alert(1)"],
    ["https:", "https%3A%2F%2Fevil.example"],
    ["leading space", "%20//evil.example"],
  ])("refuses the %s bypass", (_name, raw) => {
    expect(safeRedirect(fromQuery(raw), "/")).toBe("/");
  });
});
