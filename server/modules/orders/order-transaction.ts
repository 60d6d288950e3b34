import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import { DomainError } from "../../platform/domain-error";
import { workOf, type WorkRow } from "./deliverables.repository";
import type { OrderAccessPolicy } from "./order-access";
import { applies, type Actor, type Move } from "./order-lifecycle";
import type { OrderRow } from "./orders.repository";
import { holdRow } from "../../db/row-lock";

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
  /**
   * Runs `fn` on deliverables of the order in one transaction (like `run`): deliverable `n`, or — for the order-level
   * moves of before (`n` undefined) — every deliverable `move` applies to now (the first one when none does, so that
   * its refusal is the answer). A writer reaches only the deliverables assigned to them (and, with `need: "see"`, the
   * pool's); another's is a 404 like an unknown one.
   */
  runWork<T>(
    orderId: string,
    n: number | undefined,
    actor: Actor,
    move: Move | null,
    fn: (trx: Transaction<Database>, work: WorkRow) => Promise<T>,
    need?: Need,
  ): Promise<T[]>;
}

/** The deliverables `actor` reaches on an order they may see: all of them except for a writer. */
function reachable(works: WorkRow[], actor: Actor, need: Need, pool: boolean): WorkRow[] {
  if (actor.role !== "writer") return works;
  return works.filter((work) => work.assigned_to === actor.id || (need === "see" && pool && !work.assigned_to && work.status === "paid"));
}

/** The deliverables a move addresses: `n`, or every one it applies to (the first when none does). */
function chosen(works: WorkRow[], n: number | undefined, move: Move | null, now: Date): WorkRow[] {
  if (n !== undefined) {
    const work = works.find((row) => row.n === n);
    if (!work) throw DomainError.notFound();
    return [work];
  }
  if (works.length === 0) throw DomainError.notFound();
  if (!move) return works;
  const applicable = works.filter((work) => applies(move, work, now));
  return applicable.length > 0 ? applicable : works.slice(0, 1);
}

export function createOrderTransaction(deps: {
  transaction: TransactionOpener;
  access: OrderAccessPolicy;
  clock: Clock;
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
    runWork: <T>(
      orderId: string,
      n: number | undefined,
      actor: Actor,
      move: Move | null,
      fn: (trx: Transaction<Database>, work: WorkRow) => Promise<T>,
      need: Need = "work",
    ) =>
      deps.transaction(async (trx) => {
        if (actor.role === "customer" && actor.id) await lockOpenAccount(trx, actor.id);
        const order = await visible(trx, orderId, actor, need);
        // The order's row is held first: moves on two deliverables of one order never interleave their money checks.
        await holdRow(trx, "orders", order.id);
        const works = reachable(await workOf(trx, order), actor, need, deps.access.policy.writerPool);
        const results: T[] = [];
        for (const work of chosen(works, n, move, deps.clock.now())) results.push(await fn(trx, work));
        return results;
      }),
  };
}
