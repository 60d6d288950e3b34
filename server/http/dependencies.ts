import type { Redis } from "ioredis";
import type { Db } from "../db/database";
import type { FileStorage } from "../modules/storage/storage";
import { createDependencyChecks, type DependencyProbe } from "../platform/dependency-checks";

/**
 * What this instance needs to serve: the database always, Redis when REDIS_URL is set, the storage when it is a
 * service of its own (S3). Each probe is one cheap round trip: `select 1`, `PING`, `HeadBucket`.
 */
export function dependencyChecksFor(deps: { db: Db; redis: Redis | null; storage?: FileStorage }) {
  const probes: DependencyProbe[] = [{ name: "database", probe: () => deps.db.ping() }];
  const redis = deps.redis;
  if (redis) probes.push({ name: "redis", probe: async () => redis.status === "ready" && (await redis.ping()) === "PONG" });
  const ping = deps.storage?.ping?.bind(deps.storage);
  if (ping) probes.push({ name: "storage", probe: ping });
  return createDependencyChecks(probes);
}
