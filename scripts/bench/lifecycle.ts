// Bench section "lifecycle": GET of an order page with 20 events, 3 versions and 50 messages (req/s and p99, SQLite),
// and durable jobs run per second on PostgreSQL by one runner and by two runners (each with its own pool, as two
// instances would), counting that no job ran twice.
// Alone: `npx tsx scripts/bench/lifecycle.ts` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { placeOrderRequestSchema } from "../../contract/orders";
import { openDatabase, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { createJobRunner } from "../../server/platform/jobs/job-runner";
import { customer, orderBody, staffMember } from "../../server/test/orders-test-support";
import { closedLoop } from "./orders-load";
import { startBenchStore } from "./orders-store";

const CLIENTS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const JOBS = Number(process.env.BENCH_JOBS ?? 3000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** An order built through the real moves: 20 events, 3 versions (one with two files), 50 messages. */
async function busyOrderPage(log: (line: string) => void): Promise<void> {
  const store = await startBenchStore();
  try {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const writer = await staffMember(store, "writer");
    const me = { id: buyer.id, role: "customer" as const };
    const staff = { id: writer.id, role: "writer" as const };
    const { actions } = store.services.orders;
    const order = await store.services.orders.place(buyer.id, placeOrderRequestSchema.parse(orderBody()), { locale: "en" });
    await actions.start(order.id, staff);
    for (let round = 0; round < 6; round++) {
      await actions.ask(order.id, staff, `Question ${round}: which tone fits the second section best?`);
      await actions.postMessage(order.id, me, { body: `Answer ${round}: friendly, but keep it short and concrete.`, attachments: [] });
    }
    for (let i = 0; i < 36; i++) await actions.postMessage(order.id, me, { body: `A further note ${i} about the brief and the audience.`, attachments: [] });
    for (let version = 1; version <= 3; version++) {
      const files = [{ fileName: "article.md", content: Buffer.from(`# Version ${version}\n${"text ".repeat(400)}`) }];
      if (version === 1) files.push({ fileName: "sources.txt", content: Buffer.from("https://example.com\n") });
      await actions.deliver(order.id, staff, files);
      if (version < 3) await actions.requestRevision(order.id, me, `Round ${version}: a shorter introduction, please.`);
    }
    const deliverable = await store.db.kysely.selectFrom("deliverables").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    await actions.remindReview({ orderId: order.id, deliverableId: deliverable.id }, 3);
    const page = await (await fetch(`${store.url}/api/orders/${order.number}`, { headers: { authorization: `Bearer ${buyer.token}` } })).json();
    const shape = `${page.events.length} events, ${page.versions.length} versions, ${page.messages.length} messages`;
    const result = await closedLoop({
      connections: CLIENTS,
      seconds: SECONDS,
      request: async () => {
        const response = await fetch(`${store.url}/api/orders/${order.number}`, { headers: { authorization: `Bearer ${buyer.token}` } });
        const body = await response.arrayBuffer();
        return response.status === 200 ? body.byteLength : null;
      },
    });
    log(
      `order page (${shape}), SQLite, ${CLIENTS} clients: ${(result.requests / result.seconds).toFixed(0)} req/s, ` +
        `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failed`,
    );
  } finally {
    await store.close();
  }
}

/** `JOBS` no-op jobs run by `runners` runners, each on its own pool; how many per second, and how many ran twice. */
async function jobsPerSecond(runners: number): Promise<string> {
  const schema = `bench_${randomUUID().replace(/-/g, "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const pools: Db[] = Array.from({ length: runners }, () => openDatabase({ databaseUrl: DATABASE_URL, pgSchema: schema, pgPoolSize: 4 }));
  try {
    await migrateToLatest(pools[0]);
    const runs = new Map<number, number>();
    const workers = pools.map((db) => {
      const runner = createJobRunner(db.kysely, db.dialect, { batch: 50 });
      runner.register("bench.noop", async (payload: { n: number }) => void runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1));
      return runner;
    });
    for (let start = 0; start < JOBS; start += 500) {
      const rows = Array.from({ length: Math.min(500, JOBS - start) }, (_, i) => ({
        id: randomUUID(), kind: "bench.noop", payload_json: JSON.stringify({ n: start + i }), unique_key: null, status: "queued" as const,
        run_at: new Date(0).toISOString(), attempts: 0, max_attempts: 3, locked_until: null, locked_by: null, last_error: null,
        created_at: new Date().toISOString(), finished_at: null,
      }));
      await pools[0].kysely.insertInto("jobs").values(rows).execute();
    }
    const started = performance.now();
    const counts = await Promise.all(workers.map((runner) => runner.runDue()));
    const seconds = (performance.now() - started) / 1000;
    const twice = [...runs.values()].filter((count) => count > 1).length;
    return `jobs/s, PostgreSQL, ${runners} runner${runners > 1 ? "s" : ""}: ${(JOBS / seconds).toFixed(0)} (${JOBS} jobs in ${seconds.toFixed(2)} s, split ${counts.join(" + ")}; ${runs.size} distinct run, ${twice} ran twice)`;
  } finally {
    for (const db of pools) await db.close();
    await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

export async function benchLifecycle(log: (line: string) => void): Promise<void> {
  await busyOrderPage(log);
  log(await jobsPerSecond(1));
  log(await jobsPerSecond(2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchLifecycle((line) => console.log(line)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
