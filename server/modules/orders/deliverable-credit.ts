import { DomainError } from "../../platform/domain-error";
import type { Actor } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/** Money given back on a deliverable without cancelling it (LIFECYCLE.md: goodwill credit). */
export interface DeliverableCredit {
  /**
   * Manager or admin: credits `amountMinor` to the customer's balance for deliverable `n`, with a reason, in any state,
   * with its ledger entry and credit note; refused (400) past what is left of its share after refunds and credits.
   */
  credit(orderId: string, actor: Actor, n: number, amountMinor: number, reason: string): Promise<void>;
}

type CreditDeps = Pick<OrderWorkDeps, "orders" | "effects">;

export function createDeliverableCredit(deps: CreditDeps): DeliverableCredit {
  return { credit: (orderId, actor, n, amountMinor, reason) => giveCredit(deps, orderId, actor, n, amountMinor, reason) };
}

export async function giveCredit(deps: CreditDeps, orderId: string, actor: Actor, n: number, amountMinor: number, reason: string): Promise<void> {
  await deps.orders.runWork(orderId, n, actor, null, async (trx, work) => {
    if (actor.role !== "manager" && actor.role !== "admin") throw DomainError.forbidden();
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw DomainError.field("amount", "orders.creditTooLarge");
    const creditNote = await deps.effects.refund(trx, work, amountMinor, { kind: "credit", reason, actorId: actor.id });
    await deps.effects.customerMail(trx, work, "credited", { refund: amountMinor, reason }, creditNote);
    const extra = { reasonChars: reason.length, credit: amountMinor, currency: work.currency, share: work.price };
    await deps.effects.audit(trx, actor, "credit", work, { status: work.status }, extra);
  });
}
