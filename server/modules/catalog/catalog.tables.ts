export interface CatalogTables {
  products: { id: string; kind: "service" | "bundle"; position: number; active: number };
  product_prices: { product_id: string; currency: string; amount: number };
  bundle_items: { bundle_id: string; service_id: string; position: number };
}
