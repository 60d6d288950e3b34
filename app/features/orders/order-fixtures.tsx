/** Test data for the order screens, parsed with the contract's schemas so it stays the shape the API answers. */
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { Locale } from "../../../common/locales";
import {
  type Deliverable,
  deliverableSchema,
  type OrderDetail,
  orderDetailSchema,
  type OrderEvent,
} from "../../../contract/order-lifecycle";
import type { DeliverableStatus } from "../../../contract/deliverables";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";

export const NOW = new Date("2026-11-25T12:00:00Z");

/** A status event of deliverable `n`, from → to. */
export function statusEvent(
  n: number,
  from: DeliverableStatus | null,
  to: DeliverableStatus,
  at = "2026-11-20T10:00:00Z",
): OrderEvent {
  return { at, actor: "staff", kind: "status", from, to, note: "", deliverable: n };
}

export function deliverable(fields: Partial<Deliverable> = {}): Deliverable {
  return deliverableSchema.parse({
    n: 1,
    productId: "article-forge",
    bundleId: null,
    itemPosition: 0,
    price: 120,
    status: "in_progress",
    dueAt: "2026-11-30T17:00:00Z",
    late: false,
    reviewEndsAt: null,
    revisionRounds: 2,
    revisionsUsed: 0,
    revisionDays: 2,
    options: [],
    refunded: 0,
    credited: 0,
    events: [],
    versions: [],
    actions: [],
    ...fields,
  });
}

export function orderDetail(deliverables: Deliverable[], fields: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetailSchema.parse({
    id: "0b7f6a52-5d3c-4a8e-9d53-6d1f0f3e9a11",
    number: "SC-000042",
    status: "in_progress",
    createdAt: "2026-11-18T09:30:00Z",
    currency: "EUR",
    total: deliverables.reduce((sum, { price }) => sum + price, 0),
    discount: 0,
    promoCode: null,
    items: deliverables.map(({ productId, price }) => ({ productId, price, brief: {} })),
    result: null,
    dueAt: "2026-11-30T17:00:00Z",
    late: false,
    needsAttention: false,
    progress: { total: deliverables.length, delivered: 0, completed: 0, cancelled: 0 },
    reviewEndsAt: null,
    revisionRounds: 2,
    revisionsUsed: 0,
    events: [],
    versions: [],
    messages: [],
    unreadMessages: 0,
    actions: [],
    deliverables,
    ...fields,
  });
}

const resources = await loadResources(["en", "es"]);

/** What a reader sees of `node` in `locale`: its text with tags dropped and spaces collapsed. */
export function visibleText(node: ReactNode, locale: Locale): string {
  return renderToString(<I18nextProvider i18n={createI18n(locale, resources)}>{node}</I18nextProvider>)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The markup of `node` in `locale`, for what a reader does not see (roles, labels, states). */
export function markup(node: ReactNode, locale: Locale): string {
  return renderToString(<I18nextProvider i18n={createI18n(locale, resources)}>{node}</I18nextProvider>);
}
