import { describe, expect, it } from "vitest";
import { memoByText } from "./memo-by-text";

describe("memoByText", () => {
  it("answers what the function answers, asking it once per text, null and undefined answers included", () => {
    const asked: string[] = [];
    const parse = memoByText((text: string) => {
      asked.push(text);
      return text === "none" ? undefined : text.length;
    });
    expect([parse("br, gzip"), parse("br, gzip"), parse("none"), parse("none")]).toEqual([8, 8, undefined, undefined]);
    expect(asked).toEqual(["br, gzip", "none"]);
  });

  it("forgets everything past its bound and still answers right", () => {
    let calls = 0;
    const double = memoByText((text: string) => {
      calls++;
      return text + text;
    }, 2);
    expect([double("a"), double("b"), double("c"), double("a")]).toEqual(["aa", "bb", "cc", "aa"]);
    expect(calls).toBe(4);
  });
});
