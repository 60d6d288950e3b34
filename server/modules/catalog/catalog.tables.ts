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
}
