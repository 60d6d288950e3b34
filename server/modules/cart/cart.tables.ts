/** One row per account: its cart as the browser last sent it. */
export interface CartsTable {
  user_id: string;
  currency: string;
  /** The lines with their draft briefs, JSON (contract/cart.ts `CartLine[]`), checked before it is written. */
  items_json: string;
  updated_at: string;
}

export interface CartTables {
  carts: CartsTable;
}
