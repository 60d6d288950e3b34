import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("honours a path on this site", () => {
    expect(safeRedirect("/es/profile/orders?page=2", "/")).toBe("/es/profile/orders?page=2");
  });

  it("falls back for anything that could leave the site", () => {
    for (const target of ["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "profile", "", null, undefined]) {
      expect(safeRedirect(target, "/es")).toBe("/es");
    }
  });
});
