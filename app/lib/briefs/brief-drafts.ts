import { STORAGE_KEYS } from "~/lib/storage-keys";
import type { LineDraft } from "./brief-values";

/** In-progress briefs, kept under the `orders` storage key as JSON keyed by cart line id (CONTRACT §2). */
export type BriefDrafts = Record<string, LineDraft>;

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

/** Called after every write of the drafts in this tab (the account's copy of the cart follows them). */
export function subscribeBriefDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storage(): Storage | null {
  return typeof window === "undefined" ? null : window.localStorage;
}

export function readBriefDrafts(): BriefDrafts {
  const raw = storage()?.getItem(STORAGE_KEYS.orders);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as BriefDrafts) : {};
  } catch {
    return {};
  }
}

/** Keeps only the drafts of lines still in the cart, so removed items leave nothing behind (and no drafts, no entry). */
export function writeBriefDrafts(drafts: BriefDrafts, lineIds: readonly string[]): void {
  const kept = lineIds.filter((id) => id in drafts).map((id) => [id, drafts[id]]);
  const before = storage()?.getItem(STORAGE_KEYS.orders) ?? null;
  if (kept.length === 0) storage()?.removeItem(STORAGE_KEYS.orders);
  else storage()?.setItem(STORAGE_KEYS.orders, JSON.stringify(Object.fromEntries(kept)));
  if ((storage()?.getItem(STORAGE_KEYS.orders) ?? null) !== before) changed();
}

/** Placing an order clears the stored `orders` entry (CONTRACT §2). */
export function clearBriefDrafts(): void {
  storage()?.removeItem(STORAGE_KEYS.orders);
  changed();
}
