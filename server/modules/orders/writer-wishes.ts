import type { Kysely } from "kysely";
import type { PlaceOrderRequest } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { favouritesAmong } from "./favourite-writers";

/**
 * The favourite writer asked for on each item of an order (issue 28; null: none), in the placing transaction: each
 * must be one of the buyer's favourites, else a field error on `orderFormData[i].writerId` (nothing is placed).
 */
export async function writerWishes(
  trx: Kysely<Database>,
  userId: string,
  items: PlaceOrderRequest["orderFormData"],
): Promise<Array<string | null>> {
  const wishes = items.map((item) => item.writerId ?? null);
  const favourites = await favouritesAmong(
    trx,
    userId,
    wishes.filter((wish): wish is string => wish !== null),
  );
  const unknown = wishes.findIndex((wish) => wish !== null && !favourites.has(wish));
  if (unknown >= 0) throw DomainError.field(`orderFormData[${unknown}].writerId`, "orders.notFavourite");
  return wishes;
}
