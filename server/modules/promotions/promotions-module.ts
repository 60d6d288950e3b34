import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { AuditSink } from "../../platform/staff-action";
import { createPromotionAdmin, type PromotionAdmin } from "./promotion-admin";
import { createPromotionCheckout, type PromotionCheckout } from "./promotion-checkout";
import { createPromotionsRepository } from "./promotions.repository";

export interface PromotionsModuleDeps {
  db: Kysely<Database>;
  audit: AuditSink;
  clock: Clock;
  /** Minor units refunded per order (the orders module's): a code's revenue is what its orders paid less their refunds. */
  refundedOf?: (orderIds: readonly string[]) => Promise<Map<string, number>>;
}

export interface PromotionsModule {
  /** The back office's codes: create, change, pause, list with figures. */
  promotions: PromotionAdmin;
  /** What placing an order and the price list ask of a code (the orders module's port). */
  checkout: PromotionCheckout;
}

/** Promotion codes (issue 28) wired once over their own tables. */
export function createPromotionsModule({ db, audit, clock, refundedOf }: PromotionsModuleDeps): PromotionsModule {
  const repository = createPromotionsRepository(db, refundedOf);
  return { promotions: createPromotionAdmin(db, repository, audit, clock), checkout: createPromotionCheckout(repository, clock) };
}
