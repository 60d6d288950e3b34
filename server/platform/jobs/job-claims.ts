import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../clock";
import type { JobRow, RegisteredJob } from "./job-types";

export interface JobClaimsDeps {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  clock: Clock;
  runnerId: string;
  lockMs: number;
  /** At most this many jobs of one kind claimed in one query. */
  batch: number;
  handlers: ReadonlyMap<string, RegisteredJob>;
}

/** One round of claims: for every kind with due jobs, as many as its concurrency has room for (given what runs). */
export type ClaimRound = (runningOf: ReadonlyMap<string, number>) => Promise<JobRow[]>;

/**
 * A claim is one UPDATE of the due rows (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent runners take different
 * jobs; SQLite: writes are serialised, so the conditional UPDATE is the claim).
 */
export function createClaimRound({ db, dialect, clock, runnerId, lockMs, batch, handlers }: JobClaimsDeps): ClaimRound {
  const due = (now: string) =>
    sql`((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until <= ${now}))`;

  /** Claims up to `limit` due jobs of `kind`. */
  async function claim(kind: string, limit: number): Promise<JobRow[]> {
    const now = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + lockMs).toISOString();
    const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
    const result = await sql<JobRow>`
      update jobs set status = 'running', locked_until = ${until}, locked_by = ${runnerId}, attempts = attempts + 1
      where id in (
        select id from jobs where kind = ${kind} and ${due(now)}
        order by run_at limit ${limit} ${lock}
      )
      returning *`.execute(db);
    return result.rows;
  }

  return async (runningOf) => {
    const kinds = await sql<{
      kind: string;
    }>`select distinct kind from jobs where ${due(clock.now().toISOString())}`.execute(db);
    const claimed: JobRow[] = [];
    for (const { kind } of kinds.rows) {
      const room = (handlers.get(kind)?.concurrency ?? 1) - (runningOf.get(kind) ?? 0);
      if (room > 0) claimed.push(...(await claim(kind, Math.min(room, batch))));
    }
    return claimed;
  };
}
