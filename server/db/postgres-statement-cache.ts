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
 * marked to wait for their transaction's next statement go out with it, or ahead of it in the same write to the
 * socket (postgres-write-batching.ts).
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
  /** Pipelined (pg's `pipeline`): each statement is written to the socket as it is sent, not after the answer before it. */
  class PreparingClient extends pgModule.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === "string" ? { connectionString: config } : config), pipeline: true });
    }
  }
  const preparing: Query = function (this: pg.Client, ...args) {
    const [text, values, ...rest] = args;
    if (typeof text !== "string" || (values !== undefined && !Array.isArray(values)) || rest.length > 0) return query.apply(this, args);
    const step = batching(this, { text, values: (values as unknown[] | undefined) ?? [] });
    // Written now, one behind the other: the writes ahead (prepared), then the statement (prepared when it writes: a
    // read that carries waiting writes keeps a plan made for its values).
    const ahead = step.ahead.map((statement) => send(this, statement, true, []) as Promise<unknown>);
    const answer = step.statement ? (send(this, step.statement, WRITE.test(step.statement.text), rest) as Promise<unknown>) : Promise.resolve(waitingAnswer());
    if (ahead.length === 0) return answer;
    // The writes ahead fail first: a COMMIT behind a failed write answers ROLLBACK, which must not pass for success.
    answer.catch(() => undefined);
    return Promise.all(ahead).then(() => answer);
  };
  PreparingClient.prototype.query = preparing as unknown as pg.Client["query"];
  return PreparingClient;
}
