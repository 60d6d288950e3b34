import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { CartsTable } from "./cart.tables";

/** Stored carts, one per account. Each method runs on the database, or on the transaction given last. */
export function createCartRepository(db: Kysely<Database>) {
  return {
    find(userId: string, trx: Kysely<Database> = db): Promise<CartsTable | undefined> {
      return trx.selectFrom("carts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    async save(row: CartsTable, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("carts")
        .values(row)
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet((eb) => ({
            currency: eb.ref("excluded.currency"),
            items_json: eb.ref("excluded.items_json"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    },

    async remove(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("carts").where("user_id", "=", userId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
