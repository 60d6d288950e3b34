import { describe, expect, it } from "vitest";
import { searchWords } from "./full-text";

describe("searchWords", () => {
  it("splits a search into lower-case words without accents, at anything but letters and digits", () => {
    expect(searchWords("Ada@HaleFintech.com")).toEqual(["ada", "halefintech", "com"]);
    expect(searchWords("SC-000017")).toEqual(["sc", "000017"]);
    expect(searchWords("  Núñez, Peña  ")).toEqual(["nunez", "pena"]);
    expect(searchWords("%_'\"*")).toEqual([]);
  });

  it("keeps at most eight words of at most 64 characters (the rest of a pasted text is ignored)", () => {
    expect(searchWords("a b c d e f g h i j")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(searchWords("x".repeat(100))).toEqual(["x".repeat(64)]);
  });
});
