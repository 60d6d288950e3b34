// Bench section "accounts": sign-ins per second with the chosen argon2id parameters and refreshes per second, on
// SQLite and on PostgreSQL. Calls go to the accounts service in-process: over HTTP the per-address limit (20 sign-ins
// a minute) would stop a bench that runs from one address long before the hashing does.
// Alone: `npx tsx scripts/bench/accounts.ts` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import os from "node:os";
import { pathToFileURL } from "node:url";
import { registerRequestSchema } from "../../contract/accounts";
import { hashPassword, PASSWORD_HASH_PARAMETERS } from "../../server/modules/accounts/passwords";
import { closedLoop, type LoadResult } from "./orders-load";
import { startBenchStore } from "./orders-store";

const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PASSWORD = "bench-lantern-harbour-42";

function describe(result: LoadResult): string {
  return `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.requests} calls, ${result.failures} failed`;
}

async function hashMilliseconds(): Promise<number> {
  const rounds = 10;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await hashPassword(`${PASSWORD}-${i}`);
  return (performance.now() - started) / rounds;
}

async function signInsAndRefreshes(label: string, databaseUrl?: string): Promise<string[]> {
  const store = await startBenchStore(databaseUrl);
  const accounts = store.services.accounts;
  try {
    const emails = Array.from({ length: CLIENTS }, (_, client) => `bench-${client}@example.com`);
    const refreshTokens: string[] = [];
    for (const email of emails) {
      const input = registerRequestSchema.parse({
        firstName: "Bench",
        lastName: "User",
        email,
        country: "ES",
        password: PASSWORD,
        repeatedPassword: PASSWORD,
        agreedToPrivacyPolicy: true,
        rememberMe: true,
      });
      refreshTokens.push((await accounts.register(input, "en")).refreshToken);
    }
    const logins = await closedLoop({
      connections: CLIENTS,
      seconds: SECONDS,
      request: async (client) => ((await accounts.login({ email: emails[client], password: PASSWORD, rememberMe: false })).accessToken ? 1 : null),
    });
    const refreshes = await closedLoop({
      connections: CLIENTS,
      seconds: SECONDS,
      request: async (client) => {
        const pair = await accounts.refresh(refreshTokens[client]);
        refreshTokens[client] = pair.refreshToken;
        return 1;
      },
    });
    return [
      `sign-ins/s, ${label}, ${CLIENTS} clients: ${(logins.bytes / logins.seconds).toFixed(0)} (${describe(logins)})`,
      `refreshes/s, ${label}, ${CLIENTS} clients: ${(refreshes.bytes / refreshes.seconds).toFixed(0)} (${describe(refreshes)})`,
    ];
  } finally {
    await store.close();
  }
}

export async function benchAccounts(log: (line: string) => void = console.log): Promise<void> {
  const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_PARAMETERS;
  log(
    `argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}: ${(await hashMilliseconds()).toFixed(1)} ms per hash on one thread ` +
      `(${os.availableParallelism()} cores, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4})`,
  );
  for (const line of await signInsAndRefreshes("SQLite")) log(line);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const postgres = await signInsAndRefreshes("PostgreSQL", databaseUrl).catch((error: unknown) => [
    `sign-ins/s and refreshes/s, PostgreSQL: skipped (${(error as Error).message})`,
  ]);
  for (const line of postgres) log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchAccounts().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
