import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../db/row-lock";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobRunner, ScheduleJob } from "../../platform/jobs/job-runner";

/**
 * SQLite: the order_search rows written since the last batch enter the FTS5 index together (2026-11-28-97;
 * docs/decisions/0086-order-search-indexed-later.md). A transaction that places an order only notes its rows'
 * rowids; the index takes them before any search of the orders reads it (orderMatches), and in the job placing an
 * order schedules for a few seconds later (one per window, however many orders). PostgreSQL: nothing to do (its GIN
 * index batches new entries itself).
 */
export const SEARCH_INDEX_JOB = "orders.search-index";
/** The orders placed within one window share one batch. */
export const SEARCH_INDEX_WINDOW_MS = 5_000;


/** Adds every noted row to the index: the rows as they are now (a change since their insert included). */
export async function indexPendingSearch(db: Kysely<Database>): Promise<number> {
  if (isPostgres(db)) return 0;
  const waiting = await db.selectFrom("order_search_pending").select("rid").limit(1).executeTakeFirst();
  if (!waiting) return 0;
  const batch = async (trx: Kysely<Database>) => {
    const added = await sql`insert into order_search_fts (rowid, document)
      select s.rid, s.document from order_search_pending p join order_search s on s.rid = p.rid`.execute(trx);
    await trx.deleteFrom("order_search_pending").execute();
    return Number(added.numAffectedRows ?? 0);
  };
  return db.isTransaction ? batch(db) : db.transaction().execute(batch);
}

/**
 * In the placing transaction (SQLite): the batch that indexes this order, shared by the window's other orders, for
 * the placing to schedule with its other jobs (one statement). None on PostgreSQL.
 */
export function searchIndexJob(trx: Kysely<Database>, clock: Clock): ScheduleJob[] {
  if (isPostgres(trx)) return [];
  const window = Math.floor(clock.now().getTime() / SEARCH_INDEX_WINDOW_MS) + 1;
  return [{ kind: SEARCH_INDEX_JOB, runAt: new Date(window * SEARCH_INDEX_WINDOW_MS), uniqueKey: `${SEARCH_INDEX_JOB}:${window}` }];
}

export function registerSearchIndexJob(jobs: JobRunner, db: Kysely<Database>): void {
  // Waits while requests keep arriving: a search before it indexes what it needs itself.
  jobs.register(SEARCH_INDEX_JOB, async () => void (await indexPendingSearch(db)), { yieldsToRequests: true });
}
