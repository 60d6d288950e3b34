import type { Currency } from "../../../contract/currency";
import type { ProductId, ProductKind } from "../../../contract/catalog";

/** A product as the storefront prices it. */
export interface PricedProduct {
  id: ProductId;
  kind: ProductKind;
  /** Minor units in the asked currency. */
  price: number;
}

/** A product as the back office edits it, sold or hidden. */
export interface CatalogEntry {
  id: ProductId;
  kind: ProductKind;
  active: boolean;
  turnaroundDays: number;
  revisionRounds: number;
  /** Business days a revision takes once requested. */
  revisionDays: number;
  /** Minor units per currency. */
  prices: Partial<Record<Currency, number>>;
}

/** What an admin sets on one product at once. */
export interface CatalogChange {
  active: boolean;
  turnaroundDays: number;
  revisionRounds: number;
  /** Business days a revision takes once requested; undefined: unchanged. */
  revisionDays?: number;
  /** Minor units per currency. */
  prices: Record<Currency, number>;
}

/** Business days, revision rounds and revision turnaround a product promises (LIFECYCLE.md). */
export interface ProductTerms {
  turnaroundDays: number;
  revisionRounds: number;
  /** Business days a revision takes once requested (a new due date). */
  revisionDays: number;
}
