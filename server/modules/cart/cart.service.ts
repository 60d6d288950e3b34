import type { Kysely } from "kysely";
import { cartLineSchema, type CartLine, type CartRequest, type CartResponse } from "../../../contract/cart";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { lockOpenAccount } from "../accounts";
import { mergeCarts } from "./cart-merge";
import { createCartRepository } from "./cart.repository";
import type { CartsTable } from "./cart.tables";

export interface CartServiceDeps {
  db: Kysely<Database>;
  clock?: Clock;
}

const EMPTY: CartResponse = { currency: null, items: [], updatedAt: null };

/** Reads a stored row; lines that no longer pass the contract (a product since withdrawn) are left out. */
function fromRow(row: CartsTable | undefined): CartResponse {
  if (!row) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.items_json);
  } catch {
    parsed = [];
  }
  const items = (Array.isArray(parsed) ? parsed : []).flatMap((line) => {
    const checked = cartLineSchema.safeParse(line);
    return checked.success ? [checked.data] : [];
  });
  return { currency: row.currency as CartResponse["currency"], items, updatedAt: row.updated_at };
}

/**
 * A signed-in customer's cart kept with the account, so it follows them to every device. The browser keeps its own
 * copy under the contract's `cart` key and sends every change (PUT); at sign-in the two are merged.
 */
export function createCartService({ db, clock = systemClock }: CartServiceDeps) {
  const repository = createCartRepository(db);
  const toRow = (userId: string, currency: CartRequest["currency"], items: CartLine[]): CartsTable => ({
    user_id: userId,
    currency,
    items_json: JSON.stringify(items),
    updated_at: clock.now().toISOString(),
  });

  return {
    async get(userId: string): Promise<CartResponse> {
      return fromRow(await repository.find(userId));
    },

    /** The browser's cart replaces the stored one (the browser saw every change). */
    async replace(userId: string, cart: CartRequest): Promise<CartResponse> {
      const row = toRow(userId, cart.currency, cart.items);
      await db.transaction().execute(async (trx) => {
        await lockOpenAccount(trx, userId);
        await repository.save(row, trx);
      });
      return fromRow(row);
    },

    /** Closing the account: the stored cart and its briefs go. */
    async forget(userId: string, trx?: Kysely<Database>): Promise<void> {
      await repository.remove(userId, trx);
    },

    /** Sign-in: the stored cart and the browser's become one (cart-merge.ts), in the browser's currency. */
    async merge(userId: string, browser: CartRequest): Promise<CartResponse> {
      return db.transaction().execute(async (trx) => {
        await lockOpenAccount(trx, userId);
        const stored = fromRow(await repository.find(userId, trx));
        const row = toRow(userId, browser.currency, mergeCarts(stored.items, browser.items));
        await repository.save(row, trx);
        return fromRow(row);
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
