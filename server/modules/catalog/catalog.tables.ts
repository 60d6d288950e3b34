export interface CatalogTables {
  products: {
    id: string;
    kind: "service" | "bundle";
    position: number;
    active: number;
    /** Business days from placing to the due date. */
    turnaround_days: number;
    /** Revision rounds the customer may ask for. */
    revision_rounds: number;
    /** Business days a revision takes once requested (a bundle: its longest service). */
    revision_days: number;
  };
  product_prices: { product_id: string; currency: string; amount: number };
  bundle_items: { bundle_id: string; service_id: string; position: number };
  /** A service's options (docs/decisions/0077-service-options.md). */
  product_options: {
    product_id: string;
    id: string;
    kind: "rush" | "revision" | "extra";
    position: number;
    active: number;
    /** Rush only: business days from placing to the due date. */
    turnaround_days: number | null;
  };
  product_option_prices: { product_id: string; option_id: string; currency: string; amount: number };
}
