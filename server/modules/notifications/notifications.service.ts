import type { NotificationList, NotificationSettings } from "../../../contract/notifications";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { Locale } from "../../i18n/messages";
import { rowOf, settingsFrom } from "./notification-settings";
import { notificationOf } from "./notification-view";
import type { NotificationsRepository } from "./notifications.repository";

/** What the notification centre does for the signed-in member of staff: only ever their own notifications. */
export interface NotificationsService {
  list(userId: string, options: { unreadOnly: boolean; limit: number }): Promise<NotificationList>;
  unreadCount(userId: string): Promise<number>;
  /** 404 when the person has no notification with that id (another person's is not theirs to see). */
  markRead(userId: string, id: string): Promise<void>;
  markAllRead(userId: string): Promise<void>;
  /** Their choices, or the defaults in the language they read the page in. */
  settings(userId: string, locale: Locale): Promise<NotificationSettings>;
  saveSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings>;
}

export function createNotificationsService(repository: NotificationsRepository, clock: Clock): NotificationsService {
  const now = () => clock.now().toISOString();
  return {
    async list(userId, options) {
      const [rows, unread] = await Promise.all([repository.list(userId, options), repository.unreadCount(userId)]);
      return { items: rows.map(notificationOf), unread };
    },
    unreadCount: (userId) => repository.unreadCount(userId),
    async markRead(userId, id) {
      if (!(await repository.markRead(userId, id, now()))) throw DomainError.notFound();
    },
    markAllRead: (userId) => repository.markAllRead(userId, now()),
    async settings(userId, locale) {
      const [row] = await repository.settingsOf([userId]);
      return settingsFrom(row, locale);
    },
    async saveSettings(userId, settings) {
      await repository.saveSettings(rowOf(userId, settings, now()));
      return settings;
    },
  };
}
