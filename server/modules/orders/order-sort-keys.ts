import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * The queue's own sort keys for the customer's and the writer's name (docs/decisions/0074-queue-sort-keys.md): copied
 * onto each deliverable (`customer_sort`, `writer_sort`, with the order's total as `order_total`) so that a sorted
 * page walks an index of the orders module's own table instead of looking up every row's person in accounts. Written
 * when a deliverable is made, when its writer changes, and when the accounts module says a person's name changed.
 */

/** Unassigned work: after every name going up, before them going down (the same on SQLite and PostgreSQL). */
export const UNASSIGNED_SORT = "\uffff";

/** A person's name as the queue sorts it: lower case, first name then last. */
export function nameSortKey(person: { first_name: string; last_name: string } | undefined): string {
  return person ? `${person.first_name} ${person.last_name}`.toLowerCase() : "";
}

/** The writer's key of a deliverable given to `writer` (or to nobody). */
export function writerSortKey(writer: { first_name: string; last_name: string } | null | undefined): string {
  return writer ? nameSortKey(writer) : UNASSIGNED_SORT;
}

/**
 * A person's name changed (or was erased): the keys of their orders' deliverables and of the work they hold follow,
 * in the caller's transaction.
 */
export async function renamePerson(trx: Kysely<Database>, userId: string, person: { first_name: string; last_name: string }): Promise<void> {
  const key = nameSortKey(person);
  await trx
    .updateTable("deliverables")
    .set({ customer_sort: key })
    .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("user_id", "=", userId))
    .where("customer_sort", "!=", key)
    .execute();
  await trx.updateTable("deliverables").set({ writer_sort: key }).where("assigned_to", "=", userId).where("writer_sort", "!=", key).execute();
}
