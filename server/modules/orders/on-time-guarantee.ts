import type { Kysely } from "kysely";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { refundable } from "./deliverable-money";
import type { WorkRow } from "./deliverables.repository";
import { addBusinessDays } from "./due-dates";
import type { OrderWorkDeps } from "./order-work-deps";

/** Business days after it became late by which a late deliverable is now expected (the apology names the date). */
export const ON_TIME_GRACE_DAYS = 1;

/** The reason the guarantee's credits carry on the deliverable (a key, never shown as written). */
export const ON_TIME_REASON = "on_time_guarantee";

type GuaranteeDeps = Pick<OrderWorkDeps, "effects" | "clock" | "onTimeCreditPercent">;

/** The guarantee's share of a price in minor units (half up), at most what is left of the deliverable's share. */
export function guaranteeShare(price: number, percent: number, left: number): number {
  return Math.min(left, Math.round((price * percent) / 100));
}

/**
 * The on-time guarantee (issue 28): a deliverable that became late gives its buyer `onTimeCreditPercent` of its price
 * on the balance, with its credit note and a mail in the buyer's language that apologises and names the new expected
 * date; inside the late check's transaction, which holds the order's row. Once per deliverable: the row of
 * `on_time_credits` is keyed by it, so a re-run, a second instance or a later due date gives nothing again. False when
 * nothing was given (the guarantee is off, already given, or nothing is left of the share): the plain late mail then.
 */
export async function giveOnTimeCredit(deps: GuaranteeDeps, trx: Kysely<Database>, work: WorkRow): Promise<boolean> {
  const percent = deps.onTimeCreditPercent;
  if (percent <= 0) return false;
  const given = await trx
    .selectFrom("on_time_credits")
    .select("deliverable_id")
    .where("deliverable_id", "=", work.deliverable_id)
    .executeTakeFirst();
  if (given) return false;
  const amount = guaranteeShare(work.price, percent, await refundable(trx, work));
  if (amount <= 0) return false;
  const now = deps.clock.now();
  const expectedAt = addBusinessDays(now, ON_TIME_GRACE_DAYS).toISOString();
  const inserted = await trx
    .insertInto("on_time_credits")
    .values({
      deliverable_id: work.deliverable_id,
      order_id: work.id,
      currency: work.currency,
      amount,
      percent,
      expected_at: expectedAt,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("deliverable_id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  const creditNote = await deps.effects.refund(trx, work, amount, {
    kind: "credit",
    reason: ON_TIME_REASON,
    actorId: null,
  });
  await deps.effects.customerMail(trx, work, "lateCredited", { refund: amount, percent, date: expectedAt }, creditNote);
  return true;
}

/** What the guarantee cost per currency since `since` (the back office's dashboard): how many credits and their sum. */
export async function guaranteeCost(
  db: Kysely<Database>,
  since: string,
): Promise<Array<{ currency: string; count: number; amount: number }>> {
  const rows = await db
    .selectFrom("on_time_credits")
    .select([
      "currency",
      (eb) => eb.fn.countAll<number>().as("count"),
      (eb) => eb.fn.sum<number>("amount").as("amount"),
    ])
    .where("created_at", ">=", since)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return rows.map((row) => ({ currency: row.currency, count: Number(row.count), amount: Number(row.amount) }));
}

/** The on-time guarantee's credit of each of these deliverables that has one (major units), by deliverable id. */
export async function onTimeCreditsOf(db: Kysely<Database>, deliverableIds: readonly string[]): Promise<Map<string, { amount: number; expectedAt: string }>> {
  if (deliverableIds.length === 0) return new Map();
  const rows = await db.selectFrom("on_time_credits").select(["deliverable_id", "amount", "expected_at"]).where("deliverable_id", "in", [...deliverableIds]).execute();
  return new Map(rows.map((row) => [row.deliverable_id, { amount: toMajor(Number(row.amount)), expectedAt: row.expected_at }]));
}
