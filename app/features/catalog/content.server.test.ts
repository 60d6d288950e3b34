// A page's filled-in copy is kept with the promise source it was made from (issue 27, render CPU): the same source
// gives the same copy, a new source (the catalog changed) or other settings give copy made again from them.
import { describe, expect, it } from "vitest";
import { PRODUCT_IDS } from "../../../contract/catalog";
import { DEFAULT_BALANCE_POLICY } from "../../../contract/wallet";
import type { PromiseSource } from "../../../content/promises";
import { infoPage, serviceContent } from "./content.server";

function source(days: number): PromiseSource {
  const terms = Object.fromEntries(PRODUCT_IDS.map((id) => [id, { turnaroundDays: days, revisionRounds: days, revisionDays: days }]));
  return { terms, reviewDays: days };
}

describe("copy kept with its promise source", () => {
  it("is made once per source, page and language", () => {
    const kept = source(5);
    expect(serviceContent("investor-deck", "en", kept)).toBe(serviceContent("investor-deck", "en", kept));
    expect(serviceContent("investor-deck", "es", kept)).not.toBe(serviceContent("investor-deck", "en", kept));
    expect(infoPage("terms-of-service", "en", kept)).toBe(infoPage("terms-of-service", "en", kept));
  });

  it("is made again from a new source or other settings, equal to copy made afresh", () => {
    const first = infoPage("terms-of-service", "en", source(5));
    const changed = infoPage("terms-of-service", "en", source(9));
    expect(changed).not.toEqual(first);
    expect(changed).toEqual(infoPage("terms-of-service", "en", source(9)));
    const kept = source(5);
    const other = { ...DEFAULT_BALANCE_POLICY };
    expect(serviceContent("investor-deck", "en", kept, other)).not.toBe(serviceContent("investor-deck", "en", kept));
    expect(serviceContent("investor-deck", "en", kept, other)).toEqual(serviceContent("investor-deck", "en", kept));
  });
});
