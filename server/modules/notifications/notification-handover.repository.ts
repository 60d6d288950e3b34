import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { NotificationRow } from "./notifications.repository";

/**
 * `recipientId`'s unread notifications about these deliverables (or their whole order): what a hand-over moves to the
 * work's new holder.
 */
export function unreadAbout(trx: Kysely<Database>, recipientId: string, orders: ReadonlyArray<{ id: string; n: number }>): Promise<NotificationRow[]> {
  if (orders.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("staff_notifications")
    .selectAll()
    .where("recipient_id", "=", recipientId)
    .where("read_at", "is", null)
    .where((eb) => eb.or(orders.map((work) => eb.and([eb("order_id", "=", work.id), eb.or([eb("deliverable_n", "is", null), eb("deliverable_n", "=", work.n)])]))))
    .orderBy("created_at")
    .execute();
}

export async function removeNotifications(trx: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom("staff_notifications").where("id", "in", [...ids]).execute();
}
