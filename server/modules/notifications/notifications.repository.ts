import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { NotificationSettingsTable, StaffNotificationsTable } from "./notifications.tables";

export type NotificationRow = Selectable<StaffNotificationsTable>;
export type SettingsRow = Selectable<NotificationSettingsTable>;

/** The notifications module's own tables; each method takes the caller's transaction when it has one. */
export function createNotificationsRepository(db: Kysely<Database>) {
  return {
    /** Adds the rows in one statement (placing an order tells every manager and admin); one whose (recipient, once key) exists already is skipped. */
    async insert(rows: Insertable<StaffNotificationsTable>[], trx: Kysely<Database> = db): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto("staff_notifications").values(rows).onConflict((oc) => oc.columns(["recipient_id", "once_key"]).doNothing()).execute();
    },

    /** A person's notifications, newest first. */
    list(recipientId: string, options: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> {
      let query = db.selectFrom("staff_notifications").selectAll().where("recipient_id", "=", recipientId);
      if (options.unreadOnly) query = query.where("read_at", "is", null);
      return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
    },

    async unreadCount(recipientId: string): Promise<number> {
      const row = await db
        .selectFrom("staff_notifications")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("recipient_id", "=", recipientId)
        .where("read_at", "is", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Marks one of the person's notifications read; false when they have none with that id. */
    async markRead(recipientId: string, id: string, at: string): Promise<boolean> {
      const found = await db.selectFrom("staff_notifications").select(["id", "read_at"]).where("id", "=", id).where("recipient_id", "=", recipientId).executeTakeFirst();
      if (!found) return false;
      if (!found.read_at) await db.updateTable("staff_notifications").set({ read_at: at }).where("id", "=", id).execute();
      return true;
    },

    async markAllRead(recipientId: string, at: string): Promise<void> {
      await db.updateTable("staff_notifications").set({ read_at: at }).where("recipient_id", "=", recipientId).where("read_at", "is", null).execute();
    },

    settingsOf(userIds: readonly string[], trx: Kysely<Database> = db): Promise<SettingsRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return trx.selectFrom("notification_settings").selectAll().where("user_id", "in", [...userIds]).execute();
    },

    async saveSettings(row: SettingsRow): Promise<void> {
      const { user_id: _id, ...rest } = row;
      await db.insertInto("notification_settings").values(row).onConflict((oc) => oc.column("user_id").doUpdateSet(rest)).execute();
    },

    /** People with notifications neither read nor mailed yet (the digest's candidates). */
    async waitingRecipients(): Promise<string[]> {
      const rows = await db
        .selectFrom("staff_notifications")
        .select("recipient_id")
        .distinct()
        .where("read_at", "is", null)
        .where("digested_at", "is", null)
        .execute();
      return rows.map((row) => row.recipient_id);
    },

    /** A person's unread notifications not mailed yet, of `kinds`, oldest first. */
    undigested(trx: Kysely<Database>, recipientId: string, kinds: readonly string[]): Promise<NotificationRow[]> {
      if (kinds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom("staff_notifications")
        .selectAll()
        .where("recipient_id", "=", recipientId)
        .where("read_at", "is", null)
        .where("digested_at", "is", null)
        .where("kind", "in", [...kinds])
        .orderBy("created_at")
        .execute();
    },

    /** Claims the person's digest of `period`; false when it was sent already (one per person and period). */
    async claimDigest(trx: Kysely<Database>, userId: string, period: string, at: string, count: number): Promise<boolean> {
      const inserted = await trx
        .insertInto("notification_digests")
        .values({ user_id: userId, period, sent_at: at, count })
        .onConflict((oc) => oc.columns(["user_id", "period"]).doNothing())
        .returning("user_id")
        .execute();
      return inserted.length > 0;
    },

    async markDigested(trx: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
      if (ids.length === 0) return;
      await trx.updateTable("staff_notifications").set({ digested_at: at }).where("id", "in", [...ids]).execute();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
