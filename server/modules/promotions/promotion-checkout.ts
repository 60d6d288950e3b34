import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { formatMoney } from "../../../contract/money";
import type { PromotionRefusal } from "../../../contract/promotions";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { judge, type CodeCart, type Discount, type PromotionRules } from "./promotion-rules";
import { rulesOf, type PromotionsRepository } from "./promotions.repository";

/** A code that applies to a cart: its stored id and spelling, and what it takes off. */
export interface AppliedCode extends Discount {
  codeId: string;
  code: string;
}

/** The buyer a code is tried for; null for a visitor (the rules about the buyer are checked when they place the order). */
export interface CodeUser {
  userId: string;
  /** No order of theirs was placed before (the orders module answers it). */
  firstOrder: boolean;
}

/** What placing an order needs of the promotions module (the orders module's port). */
export interface PromotionCheckout {
  /** What `code` takes off `cart`, or the field error on `promoCode` that says why it does not apply. */
  quote(code: string, cart: CodeCart, user: CodeUser | null, locale: Locale): Promise<AppliedCode>;
  /**
   * In the placing transaction, after the buyer's account is locked: checks the code again, takes one of its uses (a
   * conditional update: the cap holds however many checkouts run at once) and records the order's use of it. Throws
   * the field error on `promoCode` when it no longer applies or now takes off another amount than `expected`.
   */
  redeem(trx: Kysely<Database>, code: string, cart: CodeCart, user: CodeUser, order: { id: string; expected: number }, locale: Locale): Promise<void>;
}

/** The field error on promoCode for a refusal, with the cart's minimum in the buyer's language when that is why. */
function refused(refusal: PromotionRefusal, rules: PromotionRules | undefined, cart: CodeCart, locale: Locale): DomainError {
  const minimum = rules?.minimum[cart.currency] ?? 0;
  return DomainError.field("promoCode", `promotions.refused.${refusal}`, { minimum: formatMoney({ minor: minimum, currency: cart.currency }, locale) });
}

export function createPromotionCheckout(repository: PromotionsRepository, clock: Clock): PromotionCheckout {
  const check = async (trx: Kysely<Database> | undefined, code: string, cart: CodeCart, user: CodeUser | null, locale: Locale) => {
    const row = await repository.byCode(code.toUpperCase(), trx);
    const rules = row ? rulesOf(row) : undefined;
    const buyer = user && rules ? { usedBefore: await repository.usedBy(rules.id, user.userId, trx), firstOrder: user.firstOrder } : null;
    const verdict = judge(rules, cart, buyer, clock.now().toISOString());
    if (!verdict.ok || !rules) throw refused(verdict.ok ? "unknown" : verdict.refusal, rules, cart, locale);
    return { codeId: rules.id, code: rules.code, ...verdict.value };
  };
  return {
    quote: (code, cart, user, locale) => check(undefined, code, cart, user, locale),

    async redeem(trx, code, cart, user, order, locale) {
      const applied = await check(trx, code, cart, user, locale);
      if (applied.discount !== order.expected) throw DomainError.field("promoCode", "promotions.changed");
      if (!(await repository.takeUse(applied.codeId, trx))) {
        // Paused or used up by another checkout since it was read: say which.
        await check(trx, code, cart, user, locale);
        throw refused("usedUp", undefined, cart, locale);
      }
      const paid = cart.items.reduce((sum, item) => sum + item.price, 0) - applied.discount;
      await repository.insertRedemption(
        { id: randomUUID(), code_id: applied.codeId, user_id: user.userId, order_id: order.id, currency: cart.currency, discount: applied.discount, paid, created_at: clock.now().toISOString() },
        trx,
      );
    },
  };
}
