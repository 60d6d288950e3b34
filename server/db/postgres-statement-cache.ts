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

/** Kysely's start of a transaction (`begin`, without settings: a transaction with an isolation level is left alone). */
const BEGIN = /^\s*begin\s*;?\s*$/i;

/** What a BEGIN answers: no rows, no count. */
const BEGUN = { command: "BEGIN", rowCount: null, rows: [], fields: [] };

/**
 * The PostgreSQL client class for the pool, with each write statement parsed once per connection and then only bound
 * and executed: Kysely sends every query as unnamed text, which PostgreSQL parses and plans anew each time (a fifth
 * of its CPU per order placed, issue 27). The twin of sqlite-statement-cache.ts. Reads are left as they were: their
 * plans can depend on the values (a prefix match, a skewed status). A schema change seen here, or PostgreSQL saying
 * a kept statement's result changed (another instance migrated), starts every connection on fresh names. A BEGIN
 * waits for the transaction's first statement and goes out with it when that has no values (placing's first, the
 * order's number): one round trip fewer per transaction, each a fifteenth of an order's (issue 27).
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

  /** Connections whose BEGIN waits to go out with the transaction's first statement. */
  const beginning = new WeakSet<pg.Client>();

  class PreparingClient extends pgModule.Client {}
  const preparing: Query = function (this: pg.Client, ...args) {
    const [text, values] = args;
    const plain = typeof text === "string" && args.length <= 2 && (!Array.isArray(values) || values.length === 0);
    if (plain && BEGIN.test(text)) {
      beginning.add(this);
      return Promise.resolve(BEGUN);
    }
    if (beginning.delete(this)) {
      // A statement without values (the order's number, a commit) goes in one simple query with the BEGIN: one round
      // trip instead of two. Anything else is queued behind the BEGIN, which pg sends first; an error of the BEGIN
      // shows again on that statement.
      if (plain) {
        if (SCHEMA_CHANGE.test(text)) generation++;
        const both = query.call(this, `begin;${text}`) as Promise<pg.QueryResult | pg.QueryResult[]>;
        return both.then((results) => (Array.isArray(results) ? results.at(-1) : results));
      }
      (query.call(this, "begin") as Promise<unknown>).catch(() => undefined);
    }
    return prepared.apply(this, args);
  };
  const prepared: Query = function (this: pg.Client, ...args) {
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
