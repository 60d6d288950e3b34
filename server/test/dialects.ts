import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/** The databases every data and API test runs on, as in Kysely's own test-setup DIALECTS list. */
export type TestDialect = "sqlite" | "postgres";

export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** The PostgreSQL to test on (TEST_DATABASE_URL, else the local default) when it answers within a second, else null. */
export async function reachablePostgres(url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** SQLite always; PostgreSQL when reachable. */
export async function testDialects(): Promise<Array<{ dialect: TestDialect; databaseUrl?: string }>> {
  const url = await reachablePostgres();
  if (!url) console.log(`PostgreSQL at ${redact(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL)} is not reachable: the PostgreSQL pass is skipped.`);
  return [{ dialect: "sqlite" }, ...(url ? [{ dialect: "postgres" as const, databaseUrl: url }] : [])];
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

/** A server test that starts a store or opens a database is a data test and runs once per dialect; the rest are unit tests. */
const NEEDS_DATABASE = /startTestStore|openDatabase|openEmptyDatabase|connectRedis|TEST_REDIS_URL|startPostgresCluster/;

export function serverTestFiles(root: string): { unit: string[]; data: string[] } {
  const files = fs.globSync("server/**/*.test.ts", { cwd: root }).sort();
  const data = files.filter((file) => NEEDS_DATABASE.test(fs.readFileSync(path.join(root, file), "utf8")));
  return { unit: files.filter((file) => !data.includes(file)), data };
}
