// The store for the orders row, in a process of its own so that its CPU (from /proc) is the server's alone: the API
// as production runs it (scripts/bench/orders-store.ts) with the job runner started, as `npm start` does, so the
// confirmation mail and invoice rendered after each commit run here too. Prints one `READY <json>` line (URL, pid,
// customers and their tokens), then answers commands on stdin, one JSON line each: `check <acks-file> [warm-up acks-file]`, `drain`, `loop`,
// `jobs stop|start`.
// Argument: a PostgreSQL URL, or none for SQLite. orders-wrk.ts compiles it as `npm run build` compiles the server
// (esbuild, migrations and catalogues beside it), so what runs is plain JavaScript as in production.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import readline from "node:readline";
import { backlog, checkOrders } from "./orders-integrity";
import { startBenchStore } from "./orders-store";

type Store = Awaited<ReturnType<typeof startBenchStore>>;

/** One article, the order body of the row (as server/test/orders-test-support.ts's orderBody(), without vitest). */
const ORDER = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.test",
  businessName: "Analytical Engines SL",
  country: "ES",
  city: "Madrid",
  address1: "Calle Mayor 1",
  state: "Madrid",
  zipCode: "28013",
  agreedToPP_TOS: true,
  orderFormData: [
    {
      productId: "article-forge",
      brief: {
        topic: "How to price a freelance service",
        audience: "Freelance designers",
        tone: "friendly",
        length: "1500",
        keywords: ["pricing"],
      },
    },
  ],
  currency: "EUR",
};

/** A signed-in customer with `minor` EUR on the balance. */
async function customer(store: Store, minor: number): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await store.db.kysely
    .insertInto("users")
    .values({
      id,
      email: `buyer-${id.slice(0, 8)}@example.test`,
      first_name: "Ada",
      last_name: "Lovelace",
      country: "ES",
      company: "",
      city: "",
      zip_code: "",
      address: "",
      password_hash: "not-used",
      role: "customer",
      created_at: now,
      updated_at: now,
    })
    .execute();
  await store.services.transaction((trx) =>
    store.services.wallet.credit(trx, {
      userId: id,
      currency: "EUR",
      amount: minor,
      kind: "adjustment",
      reference: "bench",
    }),
  );
  return { id, token: await store.services.accessTokens.sign({ id, role: "customer", sessionId: randomUUID() }) };
}

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10);
/** Enough for every order of a run: the balance never limits what is measured. */
const FUNDED = 1_000_000_000;

async function main(): Promise<void> {
  const store = await startBenchStore(process.argv[2] || undefined);
  const buyers = [];
  for (let n = 0; n < CUSTOMERS; n++) buyers.push(await customer(store, FUNDED));
  // BENCH_JOBS=off: the request path alone (the backlog then never drains; for profiling only).
  if (process.env.BENCH_JOBS !== "off") store.services.jobs.start();
  const body = JSON.stringify(ORDER);
  const ready = {
    url: store.url,
    pid: process.pid,
    funded: FUNDED,
    body,
    customers: buyers.map(({ id, token }) => ({ id, token })),
  };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  // `loop`: how long the event loop was held up since the last `loop` (ms), the burst's stalls behind its p99; and
  // how long the server took over each request, from Node's `request` event to the answer handed to the socket: what
  // wrk's latency adds to that waited outside the handler (in the socket, for the event loop to read it).
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const handled = createHistogram();
  store.app.server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    const received = process.hrtime.bigint();
    response.once("finish", () => handled.record(process.hrtime.bigint() - received || 1n));
  });
  const loop = () => {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const stats = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      handled: { p50: ms(handled.percentile(50)), p99: ms(handled.percentile(99)), max: ms(handled.max) },
    };
    delay.reset();
    handled.reset();
    return stats;
  };
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, argument, earlier] = line.trim().split(" ");
    if (command === "check")
      answer(await checkOrders(store.db.kysely, store.services.wallet, buyers, FUNDED, argument ?? "", earlier));
    else if (command === "drain") answer(await backlog(store.db.kysely, Number(argument ?? 60_000)));
    else if (command === "loop") answer(loop());
    // `jobs stop` / `jobs start`: the runner held for a burst of the request path alone, then let go again.
    else if (command === "jobs" && argument === "stop") {
      await store.services.jobs.stop();
      answer({});
    } else if (command === "jobs" && argument === "start") {
      store.services.jobs.start();
      answer({});
    }
    else if (command === "close") break;
  }
  await store.services.jobs.stop();
  await store.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
