import { CART_LIMITS, type BriefDraft, type CartLine } from "../../../contract/cart";

/** True when nothing has been typed in the draft (no draft at all, or only blank values). */
export function isBlankBrief(brief: BriefDraft | undefined): boolean {
  if (!brief) return true;
  return Object.values(brief).every((value) => (typeof value === "string" ? value.trim() === "" : isBlankBrief(value)));
}

/**
 * The account's cart merged with the browser's at sign-in (docs/decisions/0027-cart-merge.md): a union without
 * duplicate lines, every typed brief kept.
 * - The same line (same id) is one line; the browser's brief wins when it has one (it is the latest typing here).
 * - A browser line of a product the account cart already holds is the same line when one of the two has no brief
 *   yet: the line keeps the brief that was typed. Two lines with different briefs are two pieces of work and both stay.
 * - Anything else is added after the account's lines, in the browser's order, up to the cart's line limit.
 */
export function mergeCarts(account: readonly CartLine[], browser: readonly CartLine[]): CartLine[] {
  const merged = account.map((line) => ({ ...line }));
  const taken = new Set<number>();
  const pending: CartLine[] = [];
  for (const line of browser) {
    const sameId = merged.findIndex((known) => known.id === line.id);
    const known = merged[sameId];
    if (known) {
      taken.add(sameId);
      if (!isBlankBrief(line.brief)) merged[sameId] = { ...known, brief: line.brief };
    } else pending.push(line);
  }
  for (const line of pending) {
    const index = merged.findIndex(
      (known, at) => !taken.has(at) && known.productId === line.productId && (isBlankBrief(known.brief) || isBlankBrief(line.brief)),
    );
    const twin = merged[index];
    if (twin) {
      taken.add(index);
      if (isBlankBrief(twin.brief) && !isBlankBrief(line.brief)) merged[index] = { ...twin, brief: line.brief };
      continue;
    }
    if (merged.length < CART_LIMITS.lines) {
      taken.add(merged.length);
      merged.push({ ...line });
    }
  }
  return merged;
}
