// The backing services of a cluster run: by default a fresh PostgreSQL database and Redis database on the servers
// already running (shared: never stopped); with `own` a PostgreSQL cluster and a Redis server of the run's own, to
// stop and start for the fault scenarios, removed by close(). Always an S3-compatible server (s3rver) and a mail
// sink (the fake SMTP server), both in this process.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { startFakeSmtpServer, type FakeSmtpServer } from "../../server/modules/mail/fake-smtp-server";
import { startFakeS3, type FakeS3 } from "../../server/modules/storage/fake-s3";
import { startOwnRedis, type OwnRedis } from "../../server/test/own-redis";
import { startPostgresCluster, type PostgresCluster } from "../../server/test/postgres-cluster";

export interface Backing {
  databaseUrl: string;
  redisUrl: string;
  s3: FakeS3;
  smtp: FakeSmtpServer;
  /** With `own`: the servers a fault scenario may stop and start. */
  own?: { postgres: PostgresCluster; redis: OwnRedis };
  close(): Promise<void>;
}

/** CLUSTER_PG_URL / CLUSTER_REDIS_URL point at the servers (defaults: the local ones CI starts). */
export const PG_URL = process.env.CLUSTER_PG_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A URL like `base` naming another database. */
function withDatabase(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function createDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
}

export async function startBacking(options: { own?: boolean } = {}): Promise<Backing> {
  const [s3, smtp] = await Promise.all([startFakeS3("cluster-results"), startFakeSmtpServer()]);
  const database = `scriptorium_cluster_${randomUUID().slice(0, 8)}`;
  if (options.own) return ownBacking(database, s3, smtp);

  await createDatabase(PG_URL, database);
  // Redis database 0 is the tests'; a cluster run takes one of 1–15 and empties it first (rate-limit counts and
  // sign-in state of an earlier run would otherwise leak in).
  const redisDb = 1 + Math.floor(Math.random() * 15);
  const redisUrl = `${REDIS_URL.replace(/\/\d*$/, "")}/${redisDb}`;
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  return {
    databaseUrl: withDatabase(PG_URL, database),
    redisUrl,
    s3,
    smtp,
    async close() {
      await Promise.all([s3.close(), smtp.close()]);
      const drop = new pg.Client({ connectionString: PG_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A PostgreSQL cluster (pg_createcluster) and a Redis server of this run's own; both gone after close(), or on a failed start. */
async function ownBacking(database: string, s3: FakeS3, smtp: FakeSmtpServer): Promise<Backing> {
  let postgres: PostgresCluster | undefined;
  let redis: OwnRedis | undefined;
  const close = async () => {
    await Promise.allSettled([s3.close(), smtp.close(), redis?.close(), postgres?.drop()]);
  };
  try {
    postgres = await startPostgresCluster("scriptorium-faults");
    await createDatabase(postgres.url, database);
    redis = await startOwnRedis();
  } catch (error) {
    await close();
    throw error;
  }
  return { databaseUrl: withDatabase(postgres.url, database), redisUrl: redis.url, s3, smtp, own: { postgres, redis }, close };
}
