import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** Jobs waiting, per kind: `due` (may run now: queued and due, or a claim that expired), `scheduled` (later), `running`. */
export interface JobDepth {
  kind: string;
  state: "due" | "scheduled" | "running";
  count: number;
}

/** How many jobs wait at `at`, per kind and state: three grouped counts on the jobs table (read when /metrics is scraped). */
export async function jobDepth(db: Kysely<Database>, at: Date): Promise<JobDepth[]> {
  const now = at.toISOString();
  const base = () => db.selectFrom("jobs").select((eb) => ["kind", eb.fn.countAll<number | string>().as("count")]).groupBy("kind");
  const count = (state: JobDepth["state"], where: (query: ReturnType<typeof base>) => ReturnType<typeof base>) =>
    where(base())
      .execute()
      .then((rows) => rows.map((row) => ({ kind: row.kind, state, count: Number(row.count) })));
  const rows = await Promise.all([
    count("due", (query) =>
      query.where((eb) => eb.or([eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]), eb.and([eb("status", "=", "running"), eb("locked_until", "<=", now)])])),
    ),
    count("scheduled", (query) => query.where("status", "=", "queued").where("run_at", ">", now)),
    count("running", (query) => query.where("status", "=", "running").where("locked_until", ">", now)),
  ]);
  return rows.flat();
}
