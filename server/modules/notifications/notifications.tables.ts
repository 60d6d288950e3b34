/** The notifications module's tables (server/db/migrations/2026-11-28-50-staff-notifications.ts). */
export interface StaffNotificationsTable {
  id: string;
  /** The member of staff told. */
  recipient_id: string;
  /** One of contract/notifications.ts NOTIFICATION_KINDS. */
  kind: string;
  order_id: string | null;
  order_number: string | null;
  deliverable_n: number | null;
  product_id: string | null;
  ticket_id: string | null;
  ticket_reference: string | null;
  /** Unique per recipient when set: the same notice twice (work at risk, once per deliverable) adds nothing. */
  once_key: string | null;
  created_at: string;
  read_at: string | null;
  /** When it went out in a mail digest (each notification is in one digest at most). */
  digested_at: string | null;
}

export interface NotificationSettingsTable {
  user_id: string;
  /** Per kind: `centre`, `digest` or `off`. */
  kinds_json: string;
  frequency: string;
  locale: string;
  updated_at: string;
}

export interface NotificationDigestsTable {
  user_id: string;
  /** The hour (`2026-11-28T09`) or day (`2026-11-28`) the digest covers: one per person and period. */
  period: string;
  sent_at: string;
  count: number;
}

export interface NotificationTables {
  staff_notifications: StaffNotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_digests: NotificationDigestsTable;
}
