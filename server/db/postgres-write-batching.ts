import { WITH_NEXT_STATEMENT_MARK } from "./with-next-statement";

/** A statement as the pg client is given it: its text and the values of its `$n`. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** What to do with a statement a connection is given. */
export type BatchStep =
  /** A marked write, answered at once: it goes out with the transaction's next statement. */
  | { kind: "wait" }
  /** Send `statement`; `first`, when there is one, alone before it (the writes that waited, which it cannot carry). */
  | { kind: "send"; statement: Statement; first?: Statement };

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;
/** Statements a WITH can be put in front of; anything else (a savepoint, a lock) is sent after the waiting writes. */
const TAKES_A_WITH = /^\s*(select|insert|update|delete|with)\b/i;
/** A WITH the statement already has: the waiting writes join its list. */
const OWN_WITH = /^\s*with(\s+recursive)?\s+/i;
const PARAMETER = /\$(\d+)/g;
/** A write whose answer is read: it cannot wait. */
const RETURNING = /\breturning\b/i;

/** What a write that waits answers: no rows, and no count (nobody reads it). */
export const waitingAnswer = () => ({ command: "", rowCount: null, rows: [], fields: [] });

/**
 * `main` with the waiting writes as WITHs of it (data-modifying CTEs, each executed once and to completion, whatever
 * `main` reads). Their `$n` follow main's, which keep their numbers: only the marked writes, INSERTs Kysely compiled,
 * are renumbered.
 */
export function withWaiting(waiting: readonly Statement[], main: Statement): Statement {
  if (waiting.length === 0) return main;
  const values = [...main.values];
  const ctes = waiting.map((write, index) => {
    const shift = values.length;
    values.push(...write.values);
    return `"with_next_${index}" as (${write.text.replace(PARAMETER, (_, n: string) => `$${Number(n) + shift}`)})`;
  });
  const own = OWN_WITH.exec(main.text);
  const text = own ? `${own[0]}${ctes.join(", ")}, ${main.text.slice(own[0].length)}` : `with ${ctes.join(", ")} ${main.text}`;
  return { text, values };
}

/**
 * One connection's writes that wait for the next statement of their transaction (with-next-statement.ts): each INSERT
 * marked so, in a transaction and without RETURNING, is answered at once and sent as a WITH of the next statement
 * (issue 27: a round trip costs the store's main thread ~0.15 ms on PostgreSQL, most of it in the socket's write). A
 * COMMIT, or a statement a WITH cannot lead, sends them first on their own; a ROLLBACK drops them.
 */
export function createWriteBatching(): (connection: object, statement: Statement) => BatchStep {
  const states = new WeakMap<object, { inTransaction: boolean; waiting: Statement[] }>();
  return (connection, statement) => {
    let state = states.get(connection);
    if (!state) {
      state = { inTransaction: false, waiting: [] };
      states.set(connection, state);
    }
    const { text } = statement;
    if (TRANSACTION_START.test(text)) state.inTransaction = true;
    const rollback = ROLLBACK.test(text);
    const ends = rollback || COMMIT.test(text);
    if (ends) state.inTransaction = false;
    if (state.inTransaction && text.includes(WITH_NEXT_STATEMENT_MARK) && !RETURNING.test(text)) {
      state.waiting.push(statement);
      return { kind: "wait" };
    }
    const waiting = state.waiting;
    if (waiting.length === 0) return { kind: "send", statement };
    state.waiting = [];
    if (rollback) return { kind: "send", statement };
    if (!ends && TAKES_A_WITH.test(text)) return { kind: "send", statement: withWaiting(waiting, statement) };
    const last = waiting.at(-1) as Statement;
    return { kind: "send", statement, first: withWaiting(waiting.slice(0, -1), last) };
  };
}
