import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DAY_MS, type Clock } from "../../platform/clock";
import { addBusinessDays } from "./due-dates";

/** Days looked ahead for a free rush day before the rush is refused as full (weeks of rush orders). */
const LOOKAHEAD_DAYS = 60;

/**
 * How long a read of the full rush days stands for this instance's `POST /api/prices` (ms by the store's clock): the
 * bound on how late another instance's booking, or one committing while the read ran (PostgreSQL), shows here.
 */
export const RUSH_DAYS_TTL_MS = 1000;

/**
 * Bumped by every booking and freed slot of this process (in its transaction): a read of the full days made before
 * it is not kept. SQLite runs the store's queries on one connection, so a read begun after the bump waits for the
 * booking's commit; on PostgreSQL a read racing the commit is kept at most RUSH_DAYS_TTL_MS.
 */
let rushGeneration = 0;

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
    if (Number(taken.numUpdatedRows) === 1) {
      rushGeneration++;
      return due;
    }
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
  rushGeneration++;
  await trx.updateTable("deliverables").set({ rush_day: null }).where("id", "=", deliverableId).execute();
  await trx
    .updateTable("rush_bookings")
    .set((eb) => ({ booked: eb("booked", "-", 1) }))
    .where("day", "=", row.rush_day)
    .where("booked", ">", 0)
    .execute();
}

/** The full coming days as last read: valid from `from` until `until` (ms) while no booking has run since. */
interface FullDays {
  days: Promise<Set<string>>;
  generation: number;
  from: number;
  until: number;
}

/** The first millisecond of the UTC day after `ms`. */
const nextUtcDay = (ms: number): number => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;

/**
 * What a rush placed now takes (POST /api/prices): null while no coming day is full, else a function from a rush's
 * business days to the business days up to its first day with a free slot. The full days are read once and kept
 * (RUSH_DAYS_TTL_MS, within the UTC day they were read on, until this process books or frees a rush slot): the price
 * list, the hottest call, then costs no query (issue 27).
 */
export function createRushOffer(db: Kysely<Database>, clock: Clock, capacity: number) {
  let kept: FullDays | null = null;
  const fullDays = (nowMs: number): Promise<Set<string>> => {
    if (kept && kept.generation === rushGeneration && nowMs >= kept.from && nowMs < kept.until) return kept.days;
    const read: FullDays = {
      generation: rushGeneration,
      from: nowMs,
      until: Math.min(nowMs + RUSH_DAYS_TTL_MS, nextUtcDay(nowMs)),
      days: db
        .selectFrom("rush_bookings")
        .select("day")
        .where("day", ">=", dayOf(new Date(nowMs)))
        .where("booked", ">=", capacity)
        .execute()
        .then((rows) => new Set(rows.map((row) => row.day))),
    };
    read.days.catch(() => {
      if (kept === read) kept = null;
    });
    kept = read;
    return read.days;
  };
  return async (): Promise<((turnaroundDays: number) => number) | null> => {
    const now = clock.now();
    const full = await fullDays(now.getTime());
    if (full.size === 0) return null;
    return (turnaroundDays) => {
      let days = turnaroundDays;
      while (full.has(dayOf(addBusinessDays(now, days))) && days < turnaroundDays + LOOKAHEAD_DAYS) days++;
      return days;
    };
  };
}
