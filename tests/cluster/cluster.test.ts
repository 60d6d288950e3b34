import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, buildOnce, METRICS_TOKEN, nextBuild, startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { ROOT } from "../../scripts/cluster/instances";
import { steadyLoad } from "../../scripts/cluster/load";
import { hasNginx, NGINX } from "../../server/test/nginx";
import { balance, call, login, PASSWORD, placeOrder, register, staffSignIn, topUp } from "../support/shop";

// The cluster needs nginx from Debian's packages (.ci/run installs it); without it this file says so and skips.
if (!hasNginx) console.log(`cluster test skipped: no nginx at ${NGINX} (apt-get install -y nginx-light)`);

const ARTICLE_EUR = 149;
let cluster: Cluster;
let build: ReturnType<typeof buildOnce>;
let database: pg.Client;
/** Builds the instances were moved onto: they stay until the instances stop, as a deployed release does. */
const releases: string[] = [];

const query = async <T,>(sql: string, values: unknown[] = []): Promise<T[]> => (await database.query(sql, values)).rows as T[];
const direct = (slot: number) => cluster.instances[slot]!.url;
// The admin of ADMIN_EMAIL enrols TOTP at its first sign-in; one token (valid on every instance) serves the whole run.
let staffSession: Promise<string> | undefined;
const staffToken = (base: string) => (staffSession ??= staffSignIn(base, ADMIN.email, ADMIN.password));

/** Every customer's balance equals the sum of their ledger, and none is negative. */
async function expectLedgerHolds(): Promise<void> {
  const rows = await query<{ user_id: string; amount: number; ledger: number }>(
    `select b.user_id, b.amount, coalesce(sum(l.amount), 0)::int as ledger
       from balances b left join ledger_entries l on l.user_id = b.user_id and l.currency = b.currency
      group by b.user_id, b.currency, b.amount`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.amount).toBe(row.ledger);
    expect(row.amount).toBeGreaterThanOrEqual(0);
  }
}

/** What the instances share: one migration, round-robin, sessions, rate limits and cached pages. */
function sharedStateTests(): void {
  it("migrated the empty database once although all three instances started at the same moment", async () => {
    const files = fs.readdirSync(path.join(ROOT, "server", "db", "migrations")).filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.ts$/.test(file) && !file.endsWith(".test.ts"));
    const applied = await query<{ name: string }>("select name from kysely_migration order by name");
    expect(applied.map((row) => row.name)).toEqual(files.map((file) => file.replace(/\.ts$/, "")).sort());
    for (const instance of cluster.instances) {
      expect(instance.exitCode).toBeNull();
      expect(instance.output.join("\n")).not.toMatch(/Migration .* failed/);
    }
  });

  it("sends requests round-robin to every instance and hides /metrics from the public side", async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) upstreams.add((await call(cluster.proxy.url, "/healthz")).headers.get("x-upstream") ?? "");
    expect(upstreams).toEqual(new Set(cluster.instances.map((instance) => `127.0.0.1:${instance.port}`)));
    expect((await call(cluster.proxy.url, "/metrics")).status).toBe(404);
  });

  it("refuses an access token everywhere at once when the sign-in ends on another instance", async () => {
    const { email } = await register(cluster.proxy.url);
    const signedIn = await login(direct(0), email, PASSWORD);
    const refreshed = await call(direct(1), "/api/Accounts/refresh", { body: { refreshToken: signedIn.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    for (let slot = 0; slot < 3; slot++) expect((await call(direct(slot), "/api/Accounts/profile", { token: refreshed.body.accessToken })).status).toBe(200);

    expect((await call(direct(2), "/api/Accounts/logout", { body: { refreshToken: refreshed.body.refreshToken } })).status).toBe(200);
    for (let slot = 0; slot < 3; slot++) expect((await call(direct(slot), "/api/Accounts/profile", { token: refreshed.body.accessToken })).status).toBe(401);
    // The refresh token spent on instance 1 does not come back to life on instance 0 either.
    expect((await call(direct(0), "/api/Accounts/refresh", { body: { refreshToken: signedIn.body.refreshToken } })).status).toBe(401);
  });

  it("holds a rate limit and the sign-in throttle whichever instance answers", async () => {
    const ticket = (i: number) => ({ email: `limit${i}@cluster.test`, description: "Please call me back about my order." });
    for (let i = 0; i < 5; i++) expect((await call(direct(i % 3), "/api/support/create-ticket", { body: ticket(i) })).status).toBe(200);
    const refused = await call(direct(2), "/api/support/create-ticket", { body: ticket(5) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const { email } = await register(cluster.proxy.url);
    for (let i = 0; i < 5; i++) expect((await login(direct(i % 3), email, "not-the-password")).status).toBe(400);
    // The right password, on the instance that saw the fewest failures: the account still waits.
    const slowed = await login(direct(2), email, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("shows a price changed on one instance in every instance's cached pages", async () => {
    const page = "/services/article-forge";
    for (let slot = 0; slot < 3; slot++) {
      await call(direct(slot), page);
      expect((await call(direct(slot), page)).headers.get("x-page-cache")).toBe("hit");
    }
    const changed = await call(direct(0), "/api/admin/prices/article-forge", { method: "PUT", token: await staffToken(direct(0)), body: { currency: "EUR", price: 151.5 } });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    for (let slot = 0; slot < 3; slot++) {
      // Pub/sub reaches the other instances within a round trip; milliseconds are allowed (3 s under a loaded CI), never a stale page.
      for (;;) {
        const answer = await call(direct(slot), page);
        if (/151[.,]50/.test(answer.body as string)) {
          expect(answer.headers.get("x-page-cache")).toBe("miss");
          break;
        }
        expect(Date.now() - changedAt).toBeLessThan(3000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await call(direct(1), "/api/admin/prices/article-forge", { method: "PUT", token: await staffToken(direct(1)), body: { currency: "EUR", price: ARTICLE_EUR } });
  });
}

/** Orders against one balance and files delivered through another instance. */
function ordersAndFilesTests(): void {
  it("places exactly 20 of 50 concurrent orders spread over the instances against a balance for 20", async () => {
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, 20 * ARTICLE_EUR);
    const answers = await Promise.all(Array.from({ length: 50 }, () => placeOrder(cluster.proxy.url, buyer.accessToken)));
    expect(new Set(answers.map((answer) => answer.headers.get("x-upstream"))).size).toBe(3);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(30);
    expect(await balance(cluster.proxy.url, buyer.accessToken)).toBe(0);
    await expectLedgerHolds();

    let placed = 0;
    for (const instance of cluster.instances) {
      const metrics = await call(instance.url, "/metrics", { token: METRICS_TOKEN });
      placed += Number(/^orders_placed_total\{currency="EUR"\} (\d+)/m.exec(metrics.body as string)?.[1] ?? 0);
    }
    expect(placed).toBe(20);
  });

  it("downloads through one instance a result delivered through another (S3), byte ranges included", async () => {
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, ARTICLE_EUR);
    const order = await placeOrder(cluster.proxy.url, buyer.accessToken);
    const staff = await staffToken(direct(0));
    expect((await call(direct(0), `/api/admin/orders/${order.body.id}/start`, { method: "POST", token: staff })).status).toBe(200);
    const content = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251));
    const delivered = await call(direct(0), `/api/admin/orders/${order.body.id}/deliver?fileName=article.pdf`, {
      token: staff,
      body: content,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(delivered.status).toBe(200);

    const whole = await fetch(`${direct(1)}/api/orders/${order.body.id}/result`, { headers: { authorization: `Bearer ${buyer.accessToken}` } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
    const part = await fetch(`${direct(2)}/api/orders/${order.body.id}/result`, { headers: { authorization: `Bearer ${buyer.accessToken}`, range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${content.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(1000, 2000))).toBe(true);
  });
}

/** Timed jobs run once although every instance runs the job runner. */
function timedJobsTests(): void {
  it("runs each timed job once although every instance runs the job runner: reminders, then the review window's end", async () => {
    const ORDERS = 6;
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, ORDERS * ARTICLE_EUR);
    const staff = await staffToken(direct(0));
    const orders: Array<{ id: string; number: string }> = [];
    for (let i = 0; i < ORDERS; i++) {
      const placed = await placeOrder(cluster.proxy.url, buyer.accessToken);
      expect(placed.status).toBe(200);
      const { id, number } = placed.body as { id: string; number: string };
      expect((await call(direct(i % 3), `/api/admin/orders/${id}/start`, { method: "POST", token: staff })).status).toBe(200);
      const delivered = await call(direct((i + 1) % 3), `/api/admin/orders/${id}/deliver?fileName=article.pdf`, {
        token: staff,
        body: Buffer.from(`result of ${number}`),
        headers: { "content-type": "application/octet-stream" },
      });
      expect(delivered.status).toBe(200);
      orders.push({ id, number });
    }
    const ids = orders.map((order) => order.id);
    const jobsOf = (kind: string) =>
      query<{ id: string; status: string; attempts: number }>(
        `select id, status, attempts from jobs where kind = $1 and payload_json::jsonb->>'orderId' = any($2)`,
        [kind, ids],
      );
    // Delivery scheduled the review window's end (REVIEW_DAYS) and two reminders (half-way and the last day).
    expect(await jobsOf("order.review-end")).toHaveLength(ORDERS);
    expect(await jobsOf("order.review-reminder")).toHaveLength(2 * ORDERS);
    const scraped = (await call(direct(2), "/metrics", { token: METRICS_TOKEN })).body as string;
    expect(Number(/^jobs_waiting\{kind="order\.review-end",state="scheduled"\} (\d+)/m.exec(scraped)?.[1])).toBeGreaterThanOrEqual(ORDERS);

    /** Makes `kind`'s jobs of these orders due now, all at once, then waits until every instance's runner is done with them. */
    const runNow = async (kind: string) => {
      await query(`update jobs set run_at = $1 where kind = $2 and payload_json::jsonb->>'orderId' = any($3)`, [new Date().toISOString(), kind, ids]);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const jobs = await jobsOf(kind);
        if (jobs.every((job) => job.status === "done")) return jobs;
        if (Date.now() > deadline) {
          // This kind's unfinished jobs (a failed try waits with a later run_at) and every other due job of the
          // runners, with its claim and last error: what held this kind up.
          const due = await query(
            "select kind, status, attempts, run_at, locked_by, locked_until, last_error from jobs where status <> 'done' and (run_at <= $1 or (kind = $2 and payload_json::jsonb->>'orderId' = any($3)))",
            [new Date().toISOString(), kind, ids],
          );
          throw new Error(`${kind} not done after 30 s:\n${JSON.stringify(due, null, 1)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    /** Mails per order with this subject (order numbers are unique; lifecycle mail goes to the order's billing address). */
    const mailsAbout = async (subject: (number: string) => string) => {
      const subjects = orders.map((order) => subject(order.number));
      const rows = await query<{ subject: string }>("select subject from mail_messages where subject = any($1)", [subjects]);
      return subjects.map((wanted) => rows.filter((row) => row.subject === wanted).length);
    };
    const events = async (where: string) => {
      const rows = await query<{ order_id: string }>(`select order_id from order_events where order_id = any($1) and ${where}`, [ids]);
      return ids.map((id) => rows.filter((row) => row.order_id === id).length);
    };

    const reminders = await runNow("order.review-reminder");
    // Each claimed once (a second claim would count a second attempt) and run once: one reminder event and one mail each.
    expect(reminders.map((job) => job.attempts)).toEqual(reminders.map(() => 1));
    expect(await events("kind = 'reminder'")).toEqual(ids.map(() => 2));
    expect(await mailsAbout((number) => `Please review order ${number}`)).toEqual(ids.map(() => 2));

    const ends = await runNow("order.review-end");
    expect(ends.map((job) => job.attempts)).toEqual(ends.map(() => 1));
    expect(await events("kind = 'status' and to_status = 'completed' and actor_role = 'system'")).toEqual(ids.map(() => 1));
    expect(await mailsAbout((number) => `Order ${number} is completed`)).toEqual(ids.map(() => 1));
    const statuses = await query<{ status: string }>("select status from orders where id = any($1)", [ids]);
    expect(statuses.map((row) => row.status)).toEqual(ids.map(() => "completed"));
  }, 120_000);
}

/** A rolling restart onto a new build, and queued mail sent once. */
function restartAndMailTests(): void {
  it("restarts every instance onto a new build under steady load with zero failed requests, orders included, and every instance serves the new build id", async () => {
    const before = (await call(cluster.proxy.url, "/build/latest.json")).body.id as string;
    // The running instances load parts of their build later (chunks loaded on first use): it stays until they stop.
    const next = nextBuild(cluster.buildDir, "rolled01");
    releases.push(next);
    // Orders all along, every other one with an Idempotency-Key: a starting instance does not listen yet and a
    // stopping one finishes what it accepted, so no POST meets a 503 (nginx repeats only keyed ones elsewhere).
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, 10_000, 3);
    const orderFailures: string[] = [];
    let ordersPlaced = 0;
    let ordering = true;
    const orderLoad = (async () => {
      for (let i = 0; ordering && i < 190; i++) {
        const key = i % 2 === 0 ? `rolling-${i}` : undefined;
        try {
          const answer = await placeOrder(cluster.proxy.url, buyer.accessToken, key);
          if (answer.status === 200) ordersPlaced++;
          else orderFailures.push(`${key ?? "no key"}: ${answer.status} from ${answer.headers.get("x-upstream")}`);
        } catch (error) {
          orderFailures.push(`${key ?? "no key"}: ${error instanceof Error ? error.message : String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const load = steadyLoad(cluster.proxy.url, ["/", "/es/services", "/build/latest.json", "/healthz"]);
    for (let slot = 0; slot < 3; slot++) await cluster.restart(slot, { buildDir: next });
    const result = await load.stop();
    ordering = false;
    await orderLoad;
    console.log(`rolling restart: ${result.requests} requests, ${result.failures.length} failed, p99 ${result.p99Ms} ms; ${ordersPlaced} orders placed, ${orderFailures.length} failed`);
    expect(result.failures).toEqual([]);
    expect(orderFailures).toEqual([]);
    // One run on the 2-core machine placed 16 while three instances restarted (p99 2.2 s): enough to have crossed each.
    expect(ordersPlaced).toBeGreaterThan(5);
    const stored = await query<{ count: number }>("select count(*)::int as count from orders o join users u on u.id = o.user_id where u.email = $1", [buyer.email]);
    expect(stored[0]!.count).toBe(ordersPlaced);
    expect(result.requests).toBeGreaterThan(100);
    expect(before).not.toBe("rolled01");
    for (let slot = 0; slot < 3; slot++) expect((await call(direct(slot), "/build/latest.json")).body.id).toBe("rolled01");
    for (let i = 0; i < 6; i++) expect((await call(cluster.proxy.url, "/build/latest.json")).body.id).toBe("rolled01");
  }, 180_000);

  it("sends each queued mail exactly once although every instance runs a sender", async () => {
    const deadline = Date.now() + 30_000;
    while ((await query("select id from mail_messages where status = 'queued'")).length > 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sent = await query<{ id: string }>("select id from mail_messages where status = 'sent'");
    expect(sent.length).toBeGreaterThan(20);
    const delivered = cluster.backing.smtp.received.map((raw) => /^Message-ID: <([\w-]+)@scriptorium>/im.exec(raw)?.[1]);
    expect(delivered).toHaveLength(sent.length);
    expect(new Set(delivered)).toEqual(new Set(sent.map((row) => row.id)));
  });
}

/** An instance killed with SIGKILL under order load. */
function killTests(): void {
  it("keeps every acknowledged order and the ledger when an instance is killed with SIGKILL under order load", async () => {
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, 40 * ARTICLE_EUR);
    const keys = Array.from({ length: 40 }, (_, i) => `kill-test-${i}`);
    const answers = new Map<string, { status: number; number?: string }>();
    let next = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        if (next === 12) killed = cluster.instances[1]!.kill();
        try {
          const answer = await placeOrder(cluster.proxy.url, buyer.accessToken, key);
          answers.set(key, { status: answer.status, number: answer.body?.number });
        } catch {
          answers.set(key, { status: 0 });
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    await killed;
    expect(cluster.instances[1]!.exitCode).toBeNull(); // killed by a signal: no exit code
    expect(cluster.instances[1]!.signalCode).toBe("SIGKILL");

    const acknowledged = [...answers.values()].filter((answer) => answer.status === 200).map((answer) => answer.number!);
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await query<{ number: string }>("select o.number from orders o join users u on u.id = o.user_id where u.email = $1", [buyer.email]);
    for (const number of acknowledged) expect(stored.map((row) => row.number)).toContain(number);
    await expectLedgerHolds();

    // The proxy routes around the dead instance, and a retry with the same key never places an order twice.
    for (const key of keys.filter((key) => answers.get(key)!.status !== 200)) expect((await placeOrder(cluster.proxy.url, buyer.accessToken, key)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await call(cluster.proxy.url, "/healthz")).status).toBe(200);
    expect(await query("select o.id from orders o join users u on u.id = o.user_id where u.email = $1", [buyer.email])).toHaveLength(40);
    expect(await balance(cluster.proxy.url, buyer.accessToken)).toBe(0);
    await expectLedgerHolds();
  });
}

describe.skipIf(!hasNginx)("three instances behind nginx on PostgreSQL, Redis and S3", () => {
  beforeAll(async () => {
    build = buildOnce();
    cluster = await startCluster({ instances: 3, buildDir: build.dir });
    database = new pg.Client({ connectionString: cluster.backing.databaseUrl });
    await database.connect();
  }, 240_000);

  // A failed test shows what the instances logged (errors and warnings): a 500 or a retried job says why only there.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const instance of cluster?.instances ?? []) console.log(`--- ${instance.name}, last lines:\n${instance.output.slice(-40).join("\n")}`);
    }),
  );

  afterAll(async () => {
    await database?.end();
    await cluster?.close();
    for (const release of releases) fs.rmSync(release, { recursive: true, force: true });
    if (build?.remove) fs.rmSync(path.dirname(build.dir), { recursive: true, force: true });
  }, 60_000);

  sharedStateTests();
  ordersAndFilesTests();
  timedJobsTests();
  restartAndMailTests();
  killTests();
});
