import { randomUUID } from "node:crypto";
import type { Clock } from "../../platform/clock";
import { handOverNotifications } from "./notification-handover";
import { recipientsOf } from "./notification-recipients";
import { settingsFrom } from "./notification-settings";
import type { StaffNotifier, StaffRoster } from "./notification-ports";
import type { NotificationsRepository } from "./notifications.repository";

/** Writes the notice for each person allowed to see it who has not turned its kind off, in the caller's transaction. */
export function createNotifier(deps: { repository: NotificationsRepository; roster: StaffRoster; clock: Clock }): StaffNotifier {
  return {
    async notify(trx, notice) {
      const recipients = await recipientsOf(deps.roster, trx, notice);
      if (recipients.length === 0) return;
      const settings = new Map((await deps.repository.settingsOf(recipients, trx)).map((row) => [row.user_id, settingsFrom(row)]));
      const wanted = recipients.filter((id) => settings.get(id)?.kinds[notice.kind] !== "off");
      const at = deps.clock.now().toISOString();
      await deps.repository.insert(
        wanted.map((recipient) => ({
          id: randomUUID(),
          recipient_id: recipient,
          kind: notice.kind,
          order_id: notice.order?.id ?? null,
          order_number: notice.order?.number ?? null,
          deliverable_n: notice.order?.deliverableN ?? null,
          product_id: notice.order?.productId ?? null,
          ticket_id: notice.ticket?.id ?? null,
          ticket_reference: notice.ticket?.reference ?? null,
          once_key: notice.onceKey ?? null,
          created_at: at,
          read_at: null,
          digested_at: null,
        })),
        trx,
      );
    },

    handOver: (trx, change) => handOverNotifications(deps, trx, change),
  };
}
