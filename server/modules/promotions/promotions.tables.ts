/** The promotions module's tables (migration 2026-11-28-75-promotion-codes.ts). */
export interface PromotionTables {
  promotion_codes: {
    id: string;
    /** In capitals; unique. */
    code: string;
    /** 1–100, or null for a fixed amount. */
    percent: number | null;
    /** A fixed amount per currency, minor units as JSON (`{"EUR":1000}`), or null for a percentage. */
    amounts_json: string | null;
    /** The products it is for as a JSON array; `[]`: every product. */
    product_ids_json: string;
    starts_at: string;
    ends_at: string | null;
    once_per_customer: number;
    first_order_only: number;
    /** The smallest cart before the discount per currency, minor units as JSON; `{}`: none. */
    minimum_json: string;
    max_uses: number | null;
    /** Orders placed with it; raised only by a conditional update that keeps it at most max_uses. */
    uses: number;
    paused: number;
    created_at: string;
    updated_at: string;
  };
  promotion_redemptions: {
    id: string;
    code_id: string;
    user_id: string;
    order_id: string;
    currency: string;
    /** Minor units taken off. */
    discount: number;
    /** Minor units the order cost after the discount. */
    paid: number;
    created_at: string;
  };
}
