import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsSchema,
  type NotificationSettings,
} from "../../../contract/notifications";
import type { Locale } from "../../i18n/messages";
import type { SettingsRow } from "./notifications.repository";

/** A stored row as the contract's settings; a kind added since it was saved takes its default. */
export function settingsFrom(row: SettingsRow | undefined, locale: Locale = "en"): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS, kinds: { ...DEFAULT_NOTIFICATION_SETTINGS.kinds }, locale };
  const parsed = notificationSettingsSchema.safeParse({
    kinds: { ...DEFAULT_NOTIFICATION_SETTINGS.kinds, ...(JSON.parse(row.kinds_json) as object) },
    frequency: row.frequency,
    locale: row.locale,
  });
  return parsed.success ? parsed.data : { ...DEFAULT_NOTIFICATION_SETTINGS, locale };
}

export function rowOf(userId: string, settings: NotificationSettings, at: string): SettingsRow {
  return { user_id: userId, kinds_json: JSON.stringify(settings.kinds), frequency: settings.frequency, locale: settings.locale, updated_at: at };
}
