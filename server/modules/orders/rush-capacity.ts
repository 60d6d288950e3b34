import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { addBusinessDays } from "./due-dates";

/** Days looked ahead for a free rush day before the rush is refused as full (weeks of rush orders). */
const LOOKAHEAD_DAYS = 60;

/** The UTC day a due date falls on: the key of its rush bookings. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Books a rush delivery against the daily rush capacity (RUSH_CAPACITY_PER_DAY, docs/decisions/0077-service-options.md)
 * in the placing transaction: due at `earliest`, or on the next business day with a free slot when that day is full,
 * at the same time of day. The conditional increment holds the cap under parallel orders (PostgreSQL re-checks the row it
 * waited for; SQLite places one order at a time).
 */
export async function bookRush(trx: Kysely<Database>, earliest: Date, capacity: number): Promise<Date> {
  let due = earliest;
  for (let tried = 0; tried < LOOKAHEAD_DAYS; tried++) {
    const day = dayOf(due);
    await trx
      .insertInto("rush_bookings")
      .values({ day, booked: 0 })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const taken = await trx
      .updateTable("rush_bookings")
      .set((eb) => ({ booked: eb("booked", "+", 1) }))
      .where("day", "=", day)
      .where("booked", "<", capacity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return due;
    due = addBusinessDays(due, 1);
  }
  return due;
}

/**
 * Gives back the rush slot a deliverable booked (when it has one), in the transaction that cancels it: the next buyer
 * can book rush that day. Once only: the deliverable forgets its day.
 */
export async function freeRush(trx: Kysely<Database>, deliverableId: string): Promise<void> {
  const row = await trx.selectFrom("deliverables").select("rush_day").where("id", "=", deliverableId).executeTakeFirst();
  if (!row?.rush_day) return;
  await trx.updateTable("deliverables").set({ rush_day: null }).where("id", "=", deliverableId).execute();
  await trx
    .updateTable("rush_bookings")
    .set((eb) => ({ booked: eb("booked", "-", 1) }))
    .where("day", "=", row.rush_day)
    .where("booked", ">", 0)
    .execute();
}

/**
 * What a rush placed now takes (POST /api/prices): null while no coming day is full, else a function from a rush's
 * business days to the business days up to its first day with a free slot.
 */
export function createRushOffer(db: Kysely<Database>, clock: Clock, capacity: number) {
  return async (): Promise<((turnaroundDays: number) => number) | null> => {
    const now = clock.now();
    const rows = await db
      .selectFrom("rush_bookings")
      .select("day")
      .where("day", ">=", dayOf(now))
      .where("booked", ">=", capacity)
      .execute();
    if (rows.length === 0) return null;
    const full = new Set(rows.map((row) => row.day));
    return (turnaroundDays) => {
      let days = turnaroundDays;
      while (full.has(dayOf(addBusinessDays(now, days))) && days < turnaroundDays + LOOKAHEAD_DAYS) days++;
      return days;
    };
  };
}
