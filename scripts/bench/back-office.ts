// Bench section "back-office": the staff order queue API with 100,000 orders seeded here, on SQLite and PostgreSQL
// (p99 of the first page and of a filtered, searched page, aim < 50 ms, with the query plans that show the indexes
// used), and result upload from the browser's multipart form: a 200 MB file streamed to local storage and to S3 (the
// test S3 server), with its throughput and the process's peak memory above what it used before the upload.
// Alone: `npm run bench -- back-office` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// BENCH_ORDERS, BENCH_UPLOAD_MB and BENCH_SECONDS make it smaller or longer).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql, type Insertable } from "kysely";
import pg from "pg";
import { adminOrderQuerySchema } from "../../contract/admin-orders";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Db } from "../../server/db/database";
import type { Database } from "../../server/db/schema";
import { migrateToLatest } from "../../server/db/migrate";
import { customer, orderBody, staffMember } from "../../server/modules/orders/orders-test-support";
import { startFakeS3 } from "../../server/modules/storage/fake-s3";
import { placeOrderRequestSchema } from "../../contract/orders";
import { createServices, prepareServices } from "../../server/services";
import { closedLoop } from "./orders-load";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CLIENTS = 8;
const CUSTOMERS = 2_000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STATUSES = ["paid", "in_progress", "needs_info", "delivered", "revision_requested", "completed", "completed", "completed", "completed", "cancelled"] as const;
const CURRENCIES = ["EUR", "EUR", "USD", "GBP"] as const;
const PRODUCTS = ["article-forge", "seo-layer", "web-copycraft", "whitepaper-builder", "investor-deck"] as const;

/** The API as production runs it on a fresh SQLite file or PostgreSQL schema, with `env` on top. */
async function startStore(databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bench-"));
  const schema = `bench_${randomUUID().replace(/-/g, "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (databaseUrl) await admin(`CREATE SCHEMA ${schema}`);
  const config = loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", LOG_LEVEL: "silent", DATA_DIR: dataDir, DEMO_DATA: "false", JWT_SECRET: randomUUID() + randomUUID(), ...env });
  const db: Db = databaseUrl ? openDatabase({ databaseUrl, pgSchema: schema }) : openDatabase({ sqliteFile: path.join(dataDir, "scriptorium.sqlite") });
  await migrateToLatest(db);
  const services = createServices({ config, db, redis: null });
  await prepareServices(services, config);
  const app = await buildApp({ config, db, services, redis: null, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    db,
    services,
    async close() {
      await app.close();
      await db.close();
      if (databaseUrl) await admin(`DROP SCHEMA ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Store = Awaited<ReturnType<typeof startStore>>;

/** 2,000 customers, 20 writers and ORDERS orders over the last year, each with one item, in batches of 1,000 rows. */
async function seed(store: Store): Promise<void> {
  const db = store.db.kysely;
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  const users = Array.from({ length: CUSTOMERS + 20 }, (_, i) => ({
    id: randomUUID(),
    email: i < CUSTOMERS ? `customer-${String(i).padStart(5, "0")}@bench.test` : `writer-${i}@bench.test`,
    first_name: i < CUSTOMERS ? "Bench" : "Writer", last_name: String(i), country: "ES", company: "", city: "", zip_code: "", address: "",
    password_hash: "not-used", role: i < CUSTOMERS ? "customer" : "writer", created_at: at(now), updated_at: at(now),
  }));
  for (let i = 0; i < users.length; i += 500) await db.insertInto("users").values(users.slice(i, i + 500) as never).execute();
  const writers = users.slice(CUSTOMERS).map((user) => user.id);
  let random = 42;
  const next = () => (random = (random * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  for (let start = 0; start < ORDERS; start += 1000) {
    const orders: Array<Insertable<Database["orders"]>> = [];
    const items: Array<Insertable<Database["order_items"]>> = [];
    for (let i = start; i < Math.min(ORDERS, start + 1000); i++) {
      const id = randomUUID();
      const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
      const created = now - Math.floor(next() * 365 * 86_400_000);
      const open = !["completed", "cancelled"].includes(status);
      orders.push({
        id, seq: i + 1, number: `SC-${String(i + 1).padStart(6, "0")}`, user_id: users[Math.floor(next() * CUSTOMERS)]!.id, status,
        currency: CURRENCIES[Math.floor(next() * CURRENCIES.length)]!, total: 14_900, billing_json: "{}", locale: "en", created_at: at(created), updated_at: at(created),
        due_at: at(created + 5 * 86_400_000), needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0,
        assigned_to: status === "paid" && next() < 0.5 ? null : writers[Math.floor(next() * writers.length)]!, delivered_at: null, review_ends_at: null,
        completed_at: open ? null : at(created + 4 * 86_400_000),
      });
      items.push({ order_id: id, position: 0, product_id: PRODUCTS[Math.floor(next() * PRODUCTS.length)]!, price: 14_900, brief_json: "{}" });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      await trx.insertInto("order_items").values(items).execute();
    });
  }
  // Fresh statistics, as a store that has grown to this size would have (autovacuum on PostgreSQL, ANALYZE on SQLite).
  await sql`analyze`.execute(db);
}

async function queue(log: (line: string) => void, dialect: "sqlite" | "postgres"): Promise<void> {
  const store = await startStore(dialect === "postgres" ? DATABASE_URL : undefined);
  try {
    const seeding = performance.now();
    await seed(store);
    const manager = await staffMember(store, "manager");
    log(`${dialect}: seeded ${ORDERS.toLocaleString("en")} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const pages: Array<[string, string]> = [
      ["first page", ""],
      ["status + currency + email search", "status=in_progress&currency=EUR&q=customer-0004"],
      ["late + writer", `late=true&writer=${(await store.db.kysely.selectFrom("users").select("id").where("role", "=", "writer").executeTakeFirstOrThrow()).id}`],
      ["order number", "q=SC-054321"],
    ];
    for (const [name, query] of pages) {
      const result = await closedLoop({
        connections: CLIENTS,
        seconds: SECONDS,
        request: async () => {
          const response = await fetch(`${store.url}/api/admin/orders?${query}`, { headers: { authorization: `Bearer ${manager.token}` } });
          const body = await response.arrayBuffer();
          return response.status === 200 ? body.byteLength : null;
        },
      });
      log(
        `${dialect} queue, ${name}, ${CLIENTS} clients: ${(result.requests / result.seconds).toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, ` +
          `p99 ${result.p99.toFixed(1)} ms (aim < 50 ms), ${result.failures} failed`,
      );
      const plan = await store.services.orders.queue.plan(adminOrderQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), { id: manager.id, role: "manager" }, new Date(), dialect);
      log(`  plan: ${plan.split("\n").map((line) => line.trim()).join(" | ")}`);
    }
  } finally {
    await store.close();
  }
}

/** A multipart body of one `megabytes` file, generated on the fly a MiB at a time (the client holds none of it). */
function multipartBody(megabytes: number, boundary: string): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  const head = new TextEncoder().encode(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="result.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) controller.enqueue(chunk);
      else if (sent === megabytes) controller.enqueue(tail);
      else controller.close();
      sent++;
    },
  });
}

async function upload(log: (line: string) => void, target: "local" | "s3"): Promise<void> {
  const s3 = target === "s3" ? await startFakeS3() : null;
  const store = await startStore(undefined, { UPLOAD_LIMIT_BYTES: String((UPLOAD_MB + 1) * 1024 * 1024), ...(s3?.env ?? {}) });
  try {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const writer = await staffMember(store, "writer");
    const order = await store.services.orders.place(buyer.id, placeOrderRequestSchema.parse(orderBody()), { locale: "en" });
    await store.services.orders.actions.start(order.id, { id: writer.id, role: "writer" });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const boundary = `bench${randomUUID()}`;
    const started = performance.now();
    const response = await fetch(`${store.url}/api/admin/orders/${order.id}/versions`, {
      method: "POST",
      body: multipartBody(UPLOAD_MB, boundary),
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${writer.token}` },
    } as RequestInit);
    const answer = (await response.json()) as { files?: Array<{ size: number }> };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const size = answer.files?.[0]?.size ?? 0;
    log(
      `upload ${UPLOAD_MB} MB to ${target === "s3" ? "S3 (test server, multipart)" : "local disk"}: HTTP ${response.status}, ${size === UPLOAD_MB * 1024 * 1024 ? "all bytes stored" : `stored ${size} bytes`}, ` +
        `${(UPLOAD_MB / seconds).toFixed(0)} MB/s, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB (+${((peak - baseline) / 1024 / 1024).toFixed(0)} MB during the upload; the bench client is in the same process)`,
    );
  } finally {
    await store.close();
    await s3?.close();
  }
}

export async function benchBackOffice(log: (line: string) => void): Promise<void> {
  await upload(log, "local");
  await upload(log, "s3");
  await queue(log, "sqlite");
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 1000 });
  const reachable = await client.connect().then(() => true, () => false);
  await client.end().catch(() => undefined);
  if (reachable) await queue(log, "postgres");
  else log(`PostgreSQL at ${DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")} is not reachable: its queue rows are skipped`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchBackOffice((line) => console.log(line)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
