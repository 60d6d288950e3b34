/** The notifications module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createNotificationsModule, type NotificationsModule, type NotificationsModuleDeps } from "./notifications-module";
export type { NotificationsService } from "./notifications.service";
export type { StaffHandOver, StaffNotice, StaffNotifier, StaffRoster } from "./notification-ports";
export { DIGEST_JOB, DAILY_DIGEST_HOUR } from "./notification-digest";
