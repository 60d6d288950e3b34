import type pg from "pg";

/** Write statements one connection keeps prepared; texts beyond run as before (parsed and planned on each use). */
const DEFAULT_SIZE = 300;

/** Writes: an INSERT, UPDATE or DELETE, alone or in a WITH (a CTE that writes). Reads keep a plan made for their values. */
const WRITE = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/** Statements that change the schema: a statement prepared before may no longer fit (its result's columns). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment)\b/i;

/** PostgreSQL's answer to a kept statement whose result's columns changed under it (a migration run by another instance). */
const PLAN_CHANGED = "0A000";

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The PostgreSQL client class for the pool, with each write statement parsed once per connection and then only bound
 * and executed: Kysely sends every query as unnamed text, which PostgreSQL parses and plans anew each time (a fifth
 * of its CPU per order placed, issue 27). The twin of sqlite-statement-cache.ts. Reads are left as they were: their
 * plans can depend on the values (a prefix match, a skewed status). A schema change seen here, or PostgreSQL saying
 * a kept statement's result changed (another instance migrated), starts every connection on fresh names.
 */
export function preparingClient(pgModule: typeof pg, size = DEFAULT_SIZE): typeof pg.Client {
  let generation = 0;
  const kept = new WeakMap<pg.Client, { generation: number; names: Map<string, string> }>();
  const query = pgModule.Client.prototype.query as unknown as Query;

  function namesOf(client: pg.Client): Map<string, string> {
    let own = kept.get(client);
    if (!own || own.generation !== generation) {
      own = { generation, names: new Map() };
      kept.set(client, own);
    }
    return own.names;
  }

  class PreparingClient extends pgModule.Client {}
  const preparing: Query = function (this: pg.Client, ...args) {
    const [text, values, ...rest] = args;
    if (typeof text !== "string" || !Array.isArray(values) || values.length === 0 || !WRITE.test(text)) {
      if (typeof text === "string" && SCHEMA_CHANGE.test(text)) generation++;
      return query.apply(this, args);
    }
    const names = namesOf(this);
    let name = names.get(text);
    if (!name && names.size < size) {
      name = `w${generation}_${names.size}`;
      names.set(text, name);
    }
    if (!name) return query.apply(this, args);
    const result = query.call(this, { name, text, values }, ...rest);
    if (result instanceof Promise) {
      result.catch((error: { code?: string }) => {
        if (error?.code === PLAN_CHANGED) generation++;
      });
    }
    return result;
  };
  PreparingClient.prototype.query = preparing as unknown as pg.Client["query"];
  return PreparingClient;
}
