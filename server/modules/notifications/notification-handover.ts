import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { NotificationKind } from "../../../contract/notifications";
import type { Database } from "../../db/schema";
import { removeNotifications, unreadAbout } from "./notification-handover.repository";
import { recipientsOf } from "./notification-recipients";
import { settingsFrom } from "./notification-settings";
import type { StaffHandOver, StaffRoster } from "./notification-ports";
import type { NotificationRow, NotificationsRepository } from "./notifications.repository";

/** What a notification is about: one of them per person is enough. */
const subjectOf = (row: NotificationRow) => `${row.kind}|${row.order_id}|${row.deliverable_n}|${row.ticket_id}`;

/**
 * A hand-over's notifications (docs/decisions/0071-staff-notifications.md): what the leaving colleague had not read
 * about the work they held (a customer's answer, a revision, work at risk) is still to be done, so it goes with the
 * work, as Help Scout's reassigned conversations stay unread for their new assignee: to the colleague it was given to,
 * or to managers and admins for the pool (the people told about work nobody has). Each keeps its first date and is
 * mailed in the new reader's next digest; a person who turned that kind off, or has the same notice unread already,
 * gets no copy. The leaving colleague's unread copies go; what they had read stays their history.
 */
export async function handOverNotifications(
  deps: { repository: NotificationsRepository; roster: StaffRoster },
  trx: Kysely<Database>,
  change: StaffHandOver,
): Promise<void> {
  const unread = await unreadAbout(trx, change.fromId, change.orders);
  if (unread.length === 0) return;
  const recipients = (await recipientsOf(deps.roster, trx, { kind: "answer", assignees: [change.toId] })).filter((id) => id !== change.fromId);
  const settings = new Map((await deps.repository.settingsOf(recipients, trx)).map((row) => [row.user_id, settingsFrom(row)]));
  for (const recipient of recipients) {
    const has = new Set((await unreadAbout(trx, recipient, change.orders)).map(subjectOf));
    const copies = unread.filter((row) => settings.get(recipient)?.kinds[row.kind as NotificationKind] !== "off" && !has.has(subjectOf(row)));
    await deps.repository.insert(copies.map((row) => ({ ...row, id: randomUUID(), recipient_id: recipient, digested_at: null })), trx);
  }
  await removeNotifications(trx, unread.map((row) => row.id));
}
