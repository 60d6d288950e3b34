import type { Currency } from "../../../contract/currency";
import type { ProductId, ProductKind } from "../../../contract/catalog";
import type { OptionId, OptionKind } from "../../../contract/service-options";

/** An option of a product as the storefront prices it (sold and priced in the asked currency). */
export interface ProductOption {
  id: OptionId;
  kind: OptionKind;
  /** Minor units in the asked currency, added to the product's price. */
  price: number;
  /** Rush only: business days from placing to the due date. */
  turnaroundDays: number | null;
}

/** An option as the back office edits it, sold or hidden. */
export interface CatalogOptionEntry {
  id: OptionId;
  kind: OptionKind;
  active: boolean;
  turnaroundDays: number | null;
  /** Minor units per currency. */
  prices: Partial<Record<Currency, number>>;
}

/** What an admin sets on one option at once. */
export interface CatalogOptionChange {
  active: boolean;
  /** Rush only. */
  turnaroundDays?: number;
  /** Minor units per currency. */
  prices: Record<Currency, number>;
}

/** A product as the storefront prices it. */
export interface PricedProduct {
  id: ProductId;
  kind: ProductKind;
  /** Minor units in the asked currency. */
  price: number;
  /** Its options on sale with a price in the asked currency, in order (a bundle: none). */
  options: ProductOption[];
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
  options: CatalogOptionEntry[];
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
