import { PRODUCT_IDS } from "../../contract/catalog";
import type { PageContext } from "../../common/page-context";
import type { CatalogService } from "../modules/catalog";

type PromiseSource = Awaited<ReturnType<PageContext["promises"]>>;

/**
 * What the pages' copy promises (`PageContext.promises`), read once and kept until the catalog changes (the same
 * signal that empties the page cache): every service, bundle and information page fills every product's terms, and
 * one object kept across requests lets content/promises.ts keep the texts made from it (issue 27, render CPU).
 */
export function cachedPagePromises(
  catalog: Pick<CatalogService, "orderTerms" | "onChange">,
  settings: { reviewDays: number; onTimeCreditPercent: number },
): () => Promise<PromiseSource> {
  let kept: Promise<PromiseSource> | null = null;
  void catalog.onChange(() => {
    kept = null;
  });
  const read = async (): Promise<PromiseSource> => ({
    terms: Object.fromEntries(
      await Promise.all(PRODUCT_IDS.map(async (id) => [id, await catalog.orderTerms([id])] as const)),
    ),
    reviewDays: settings.reviewDays,
    onTimeCreditPercent: settings.onTimeCreditPercent,
  });
  return () => {
    if (kept) return kept;
    const reading = read();
    kept = reading;
    // A failed read is not kept: the next page reads again.
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  };
}
