import type { ProductId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { OrderDetail, OrderFile, OrderMessage } from "../../../contract/order-lifecycle";
import type { OrderListEntry, OrderStatus } from "../../../contract/orders";
import { customerMoves, isLate, type Actor } from "./order-lifecycle";
import type { OrderFileRow, OrderItemRow, OrderRow, OrdersRepository } from "./orders.repository";

const ATTENTION: readonly OrderStatus[] = ["needs_info", "delivered"];

type ListedOrder = Pick<OrderRow, "id" | "number" | "status" | "created_at" | "currency" | "total" | "due_at" | "needs_info_since">;

/** One entry of GET /api/orders from the listed columns, its items and its latest first file. */
export function listEntry(order: ListedOrder, items: OrderItemRow[], latest: OrderFileRow | undefined, now: Date): OrderListEntry {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.created_at,
    currency: order.currency as Currency,
    total: toMajor(order.total),
    items: items.map((item) => ({ productId: item.product_id as ProductId, price: toMajor(item.price), brief: JSON.parse(item.brief_json) as Record<string, unknown> })),
    result: latest ? { fileName: latest.file_name, size: Number(latest.size) } : null,
    dueAt: order.due_at,
    late: isLate(order, now),
    needsAttention: ATTENTION.includes(order.status),
  };
}

const fileView = (file: OrderFileRow): OrderFile => ({ id: file.id, fileName: file.file_name, size: Number(file.size), contentType: file.content_type });

/** The order page: the order, its timeline, every version with its files, the thread and the moves that apply now. */
export async function orderDetail(repository: OrdersRepository, order: OrderRow, viewer: Actor, now: Date): Promise<OrderDetail> {
  const staffView = viewer.role !== "customer";
  const [items, versions, files, events, messages, readAt] = await Promise.all([
    repository.itemsOf([order.id]),
    repository.versions(order.id),
    repository.files(order.id),
    repository.events(order.id),
    repository.messages(order.id, staffView),
    viewer.id ? repository.readAt(order.id, viewer.id) : Promise.resolve(undefined),
  ]);
  const byVersion = new Map<string, OrderFileRow[]>();
  const byMessage = new Map<string, OrderFileRow[]>();
  for (const file of files) {
    if (file.version_id) byVersion.set(file.version_id, [...(byVersion.get(file.version_id) ?? []), file]);
    else if (file.message_id) byMessage.set(file.message_id, [...(byMessage.get(file.message_id) ?? []), file]);
  }
  const latest = versions.at(-1);
  const mine = (role: string) => (viewer.role === "customer" ? role === "customer" : role !== "customer");
  const thread: OrderMessage[] = messages.map((message) => ({
    id: message.id,
    author: message.author_role === "customer" ? "customer" : "staff",
    internal: message.internal === 1,
    body: message.body,
    createdAt: message.created_at,
    attachments: (byMessage.get(message.id) ?? []).map(fileView),
  }));
  return {
    ...listEntry(order, items, latest ? byVersion.get(latest.id)?.[0] : undefined, now),
    reviewEndsAt: order.review_ends_at,
    revisionRounds: order.revision_rounds,
    revisionsUsed: order.revisions_used,
    events: events.map((event) => ({
      at: event.at,
      actor: event.actor_role === "customer" || event.actor_role === "system" ? event.actor_role : "staff",
      kind: event.kind,
      from: event.from_status,
      to: event.to_status,
      note: event.kind === "status" && event.to_status === "cancelled" && !staffView && event.actor_role === "customer" ? "" : event.note,
    })),
    versions: versions.map((version) => ({ number: version.number, createdAt: version.created_at, note: version.note, files: (byVersion.get(version.id) ?? []).map(fileView) })),
    messages: thread,
    unreadMessages: messages.filter((message) => !mine(message.author_role) && (!readAt || message.created_at > readAt)).length,
    actions: viewer.role === "customer" ? customerMoves(order, now) : [],
  };
}
