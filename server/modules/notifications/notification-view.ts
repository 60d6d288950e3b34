import type { Notification, NotificationKind } from "../../../contract/notifications";
import type { NotificationRow } from "./notifications.repository";

/** The back office's page of what a notification is about: its order, or its ticket. */
export function pathOf(row: Pick<NotificationRow, "order_number" | "ticket_id">): string {
  if (row.ticket_id) return `/admin/support/${encodeURIComponent(row.ticket_id)}`;
  return row.order_number ? `/admin/orders/${encodeURIComponent(row.order_number)}` : "/admin/notifications";
}

/** A stored row as the API answers it. */
export function notificationOf(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    createdAt: row.created_at,
    readAt: row.read_at,
    orderNumber: row.order_number,
    deliverable: row.deliverable_n,
    productId: row.product_id,
    ticketId: row.ticket_id,
    ticketReference: row.ticket_reference,
  };
}
