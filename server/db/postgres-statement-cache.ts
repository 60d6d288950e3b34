import type pg from "pg";
import { createWriteBatching, type Statement, waitingAnswer } from "./postgres-write-batching";

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
 * a kept statement's result changed (another instance migrated), starts every connection on fresh names. Writes
 * marked to wait for their transaction's next statement go out with it (postgres-write-batching.ts).
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

  /** Sends one statement: a write parsed once per connection, anything else as it comes. */
  function send(client: pg.Client, statement: Statement, write: boolean, rest: unknown[]): unknown {
    const { text, values } = statement;
    if (!write || values.length === 0) {
      if (SCHEMA_CHANGE.test(text)) generation++;
      return query.call(client, text, values, ...rest);
    }
    const names = namesOf(client);
    let name = names.get(text);
    if (!name && names.size < size) {
      name = `w${generation}_${names.size}`;
      names.set(text, name);
    }
    if (!name) return query.call(client, text, values, ...rest);
    const result = query.call(client, { name, text, values }, ...rest);
    if (result instanceof Promise) {
      result.catch((error: { code?: string }) => {
        if (error?.code === PLAN_CHANGED) generation++;
      });
    }
    return result;
  }

  const batching = createWriteBatching();
  class PreparingClient extends pgModule.Client {}
  const preparing: Query = function (this: pg.Client, ...args) {
    const [text, values, ...rest] = args;
    if (typeof text !== "string" || (values !== undefined && !Array.isArray(values)) || rest.length > 0) return query.apply(this, args);
    const statement = { text, values: (values as unknown[] | undefined) ?? [] };
    const step = batching(this, statement);
    if (step.kind === "wait") return Promise.resolve(waitingAnswer());
    // Prepared when the statement itself writes: a read that carries waiting writes keeps a plan made for its values.
    const write = WRITE.test(text);
    if (!step.first) return send(this, step.statement, write, rest);
    // The waiting writes' failure is the statement's: a COMMIT after it would answer ROLLBACK, not an error.
    return (send(this, step.first, true, []) as Promise<unknown>).then(() => send(this, step.statement, write, rest));
  };
  PreparingClient.prototype.query = preparing as unknown as pg.Client["query"];
  return PreparingClient;
}
