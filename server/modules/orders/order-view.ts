import type { ProductId } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Deliverable, OrderDetail, OrderEvent, OrderFile, OrderMessage, OrderVersion } from "../../../contract/order-lifecycle";
import type { OrderListEntry, OrderStatus } from "../../../contract/orders";
import type { DeliverableOption } from "../../../contract/service-options";
import type { DeliverableRow } from "./deliverables.repository";
import { sees, type DeliverableSight } from "./order-access";
import { customerMoves, isLate, type Actor } from "./order-lifecycle";
import { progressOf } from "./order-status";
import { fullNameOf, type People } from "./orders-ports";
import type { OrderEventRow, OrderFileRow, OrderItemRow, OrderRow, OrderVersionRow, OrdersRepository } from "./orders.repository";

const ATTENTION: readonly OrderStatus[] = ["needs_info", "delivered"];

type ListedOrder = Pick<OrderRow, "id" | "number" | "status" | "created_at" | "currency" | "total" | "discount" | "promo_code" | "due_at" | "needs_info_since">;

/**
 * One entry of GET /api/orders from the listed columns, its items, its deliverables and its latest first file: the
 * order's derived status, its soonest open due date, late when a deliverable is, and how far it has come.
 */
export function listEntry(order: ListedOrder, items: OrderItemRow[], works: DeliverableRow[], latest: OrderFileRow | undefined, now: Date): OrderListEntry {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.created_at,
    currency: order.currency as Currency,
    total: toMajor(order.total),
    discount: toMajor(Number(order.discount)),
    promoCode: order.promo_code,
    items: items.map((item) => ({ productId: item.product_id as ProductId, price: toMajor(item.price), brief: JSON.parse(item.brief_json) as Record<string, unknown> })),
    result: latest ? { fileName: latest.file_name, size: Number(latest.size) } : null,
    dueAt: order.due_at,
    late: works.length > 0 ? works.some((work) => isLate(work, now)) : isLate(order, now),
    needsAttention: works.length > 0 ? works.some((work) => ATTENTION.includes(work.status)) : ATTENTION.includes(order.status),
    progress: progressOf(works.map((work) => work.status)),
  };
}

const fileView = (file: OrderFileRow): OrderFile => ({ id: file.id, fileName: file.file_name, size: Number(file.size), contentType: file.content_type });

/** Versions and events of an older order of several items (no deliverable named) belong to each of its deliverables. */
const concerns = (row: { deliverable_id: string | null }, work: DeliverableRow) => row.deliverable_id === null || row.deliverable_id === work.id;

interface OrderParts {
  versions: OrderVersionRow[];
  events: OrderEventRow[];
  byVersion: Map<string, OrderFileRow[]>;
  nOf: Map<string, number>;
  adjustments: Map<string, { refunded: number; credited: number }>;
  staffView: boolean;
}

function eventView(event: OrderEventRow, parts: Pick<OrderParts, "nOf" | "staffView">): OrderEvent {
  const ownCancel = event.kind === "status" && event.to_status === "cancelled" && event.actor_role === "customer";
  return {
    at: event.at,
    actor: event.actor_role === "customer" || event.actor_role === "system" ? event.actor_role : "staff",
    kind: event.kind,
    from: event.from_status,
    to: event.to_status,
    note: ownCancel && !parts.staffView ? "" : event.note,
    deliverable: event.deliverable_id ? (parts.nOf.get(event.deliverable_id) ?? null) : null,
  };
}

/** The options a deliverable was bought with, as stored at placing time (deliverables.tables.ts). */
function optionsOf(json: string): DeliverableOption[] {
  const stored = JSON.parse(json) as Array<Omit<DeliverableOption, "price"> & { price: number }>;
  return stored.map((option) => ({ ...option, price: toMajor(option.price) }));
}

/** One deliverable on the order page: its state, clock, money given back, its own versions (1, 2, …) and timeline. */
function deliverableView(work: DeliverableRow, parts: OrderParts, viewer: Actor, now: Date): Deliverable {
  const given = parts.adjustments.get(work.id) ?? { refunded: 0, credited: 0 };
  const versions = parts.versions.filter((version) => concerns(version, work));
  return {
    n: work.n,
    productId: work.product_id as ProductId,
    bundleId: (work.bundle_id as ProductId | null) ?? null,
    itemPosition: work.item_position,
    price: toMajor(work.price),
    status: work.status,
    dueAt: work.due_at,
    late: isLate(work, now),
    reviewEndsAt: work.review_ends_at,
    revisionRounds: work.revision_rounds,
    revisionsUsed: work.revisions_used,
    revisionDays: work.revision_days,
    options: optionsOf(work.options_json),
    refunded: toMajor(given.refunded),
    credited: toMajor(given.credited),
    events: parts.events.filter((event) => concerns(event, work) && event.deliverable_id !== null).map((event) => eventView(event, parts)),
    versions: versions.map((version, index) => ({ ...versionView(version, parts), number: index + 1 })),
    actions: viewer.role === "customer" ? customerMoves(work, now) : [],
  };
}

function versionView(version: OrderVersionRow, parts: Pick<OrderParts, "byVersion" | "nOf">): OrderVersion {
  return {
    number: version.number,
    createdAt: version.created_at,
    note: version.note,
    files: (parts.byVersion.get(version.id) ?? []).map(fileView),
    deliverable: version.deliverable_id ? (parts.nOf.get(version.deliverable_id) ?? null) : null,
  };
}

/** An item's brief as `sight` shows it: all of it, a bundle's parts for the services seen, or nothing. */
function seenBrief(item: OrderItemRow, works: DeliverableRow[], sight: DeliverableSight | null): Record<string, unknown> {
  const brief = JSON.parse(item.brief_json) as Record<string, unknown>;
  if (!sight) return brief;
  const seen = works.filter((work) => work.item_position === item.position && sight.briefs.has(work.id));
  if (seen.length === 0) return {};
  if (!seen.some((work) => work.bundle_id)) return brief;
  return Object.fromEntries(Object.entries(brief).filter(([service]) => seen.some((work) => work.product_id === service)));
}

/** Display names of people by id (accounts, one batch): how staff sign their messages to the customer. */
export type NamesOf = (ids: readonly string[]) => Promise<Map<string, string>>;

/** Staff sign their messages with their name (never their e-mail); accounts answers who they are in one batch. */
export function staffNames(people: Pick<People, "mapOf">): NamesOf {
  return async (ids) => new Map([...(await people.mapOf(ids))].map(([id, person]) => [id, fullNameOf(person)]));
}

/**
 * The order page: the order, its deliverables, its timeline, every version with its files, the thread (staff messages
 * signed with their author's name when `namesOf` is given) and the moves that apply now; cut to `sight`
 * (order-access.ts: a writer sees the inside of their own deliverables only).
 */
export async function orderDetail(repository: OrdersRepository, order: OrderRow, viewer: Actor, now: Date, namesOf?: NamesOf, sight: DeliverableSight | null = null): Promise<OrderDetail> {
  const staffView = viewer.role !== "customer";
  const [items, allVersions, allFiles, allEvents, allMessages, readAt, works] = await Promise.all([
    repository.itemsOf([order.id]),
    repository.versions(order.id),
    repository.files(order.id),
    repository.events(order.id),
    repository.messages(order.id, staffView),
    viewer.id ? repository.readAt(order.id, viewer.id) : Promise.resolve(undefined),
    repository.deliverablesOf([order.id]),
  ]);
  const seen = (row: { deliverable_id: string | null }) => sees(sight, row.deliverable_id);
  const [versions, events, messages] = [allVersions.filter(seen), allEvents.filter(seen), allMessages.filter(seen)];
  const shown = new Set([...versions, ...messages].map((row) => row.id));
  const files = allFiles.filter((file) => shown.has(file.version_id ?? file.message_id ?? ""));
  const byVersion = new Map<string, OrderFileRow[]>();
  const byMessage = new Map<string, OrderFileRow[]>();
  for (const file of files) {
    if (file.version_id) byVersion.set(file.version_id, [...(byVersion.get(file.version_id) ?? []), file]);
    else if (file.message_id) byMessage.set(file.message_id, [...(byMessage.get(file.message_id) ?? []), file]);
  }
  const nOf = new Map(works.map((work) => [work.id, work.n]));
  const parts: OrderParts = { versions, events, byVersion, nOf, adjustments: await repository.adjustmentsOf(works.map((work) => work.id)), staffView };
  const latest = versions.at(-1);
  const staffAuthors = messages.filter((message) => message.author_role !== "customer").map((message) => message.author_id);
  const names = namesOf && staffAuthors.length > 0 ? await namesOf(staffAuthors) : new Map<string, string>();
  const mine = (role: string) => (viewer.role === "customer" ? role === "customer" : role !== "customer");
  const thread: OrderMessage[] = messages.map((message) => ({
    id: message.id,
    author: message.author_role === "customer" ? "customer" : "staff",
    authorName: message.author_role === "customer" ? null : names.get(message.author_id) || null,
    internal: message.internal === 1,
    body: message.body,
    createdAt: message.created_at,
    attachments: (byMessage.get(message.id) ?? []).map(fileView),
    deliverable: message.deliverable_id ? (nOf.get(message.deliverable_id) ?? null) : null,
  }));
  const deliverables = works.map((work) => deliverableView(work, parts, viewer, now));
  const entry = listEntry(order, items, works, latest ? byVersion.get(latest.id)?.[0] : undefined, now);
  return {
    ...entry,
    items: entry.items.map((item, index) => ({ ...item, brief: items[index] ? seenBrief(items[index], works, sight) : item.brief })),
    reviewEndsAt: order.review_ends_at,
    revisionRounds: order.revision_rounds,
    revisionsUsed: order.revisions_used,
    events: events.map((event) => eventView(event, parts)),
    versions: versions.map((version) => versionView(version, parts)),
    messages: thread,
    unreadMessages: messages.filter((message) => !mine(message.author_role) && (!readAt || message.created_at > readAt)).length,
    // The order-level moves of before: each applies to every deliverable it applies to (decision 0059).
    actions: [...new Set(deliverables.flatMap((deliverable) => deliverable.actions))],
    deliverables,
  };
}
