import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import type { OrderAccessPolicy } from "./order-access";
import type { Actor } from "./order-lifecycle";
import type { OrderRow } from "./orders.repository";

export type Need = "see" | "work";

/** How every use case on one order reads it: through the access policy, in its own transaction. */
export interface OrderTransaction {
  /** The order `actor` may work on (404 otherwise); with `need: "see"` a writer's pool item too. */
  visible(executor: Kysely<Database>, orderId: string, actor: Actor, need?: Need): Promise<OrderRow>;
  /**
   * Runs `fn` in a transaction on the order as read inside it. A customer's account is locked first: a message,
   * answer or move racing the closing of the account waits for it and is refused (account-lock.ts).
   */
  run<T>(
    orderId: string,
    actor: Actor,
    fn: (trx: Transaction<Database>, order: OrderRow) => Promise<T>,
    need?: Need,
  ): Promise<T>;
}

export function createOrderTransaction(deps: {
  transaction: TransactionOpener;
  access: OrderAccessPolicy;
}): OrderTransaction {
  const visible = async (executor: Kysely<Database>, orderId: string, actor: Actor, need: Need = "work") =>
    (await deps.access.lookup(executor, orderId, actor, need)).order;
  return {
    visible,
    run: (orderId, actor, fn, need = "work") =>
      deps.transaction(async (trx) => {
        if (actor.role === "customer" && actor.id) await lockOpenAccount(trx, actor.id);
        return fn(trx, await visible(trx, orderId, actor, need));
      }),
  };
}
