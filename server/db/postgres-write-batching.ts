import { WITH_NEXT_STATEMENT_MARK, WITH_THE_COMMIT_MARK } from "./with-next-statement";

/** A statement as the pg client is given it: its text and the values of its `$n`. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * What to do with a statement a connection is given: send `ahead` and then `statement` in one write to the socket
 * (pipelined: no round trip between them), the statement's answer being theirs when one of them fails. A `statement`
 * of null waited: it is answered at once (after `ahead`, when there is any).
 */
export interface BatchStep {
  ahead: Statement[];
  statement: Statement | null;
}

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
 * COMMIT, or a statement a WITH cannot lead, has them sent ahead of it on their own; a ROLLBACK drops them. A write
 * marked to go with the commit takes the writes waiting before it as its WITHs and waits for the next statement, which
 * is sent right behind it (the COMMIT, or whatever came instead).
 */
export function createWriteBatching(): (connection: object, statement: Statement) => BatchStep {
  const states = new WeakMap<object, { inTransaction: boolean; waiting: Statement[]; last: Statement | null }>();
  return (connection, statement) => {
    let state = states.get(connection);
    if (!state) {
      state = { inTransaction: false, waiting: [], last: null };
      states.set(connection, state);
    }
    const { text } = statement;
    if (TRANSACTION_START.test(text)) state.inTransaction = true;
    const rollback = ROLLBACK.test(text);
    const ends = rollback || COMMIT.test(text);
    if (ends) state.inTransaction = false;
    if (state.last) {
      const last = state.last;
      state.last = null;
      return { ahead: rollback ? [] : [last], statement };
    }
    if (state.inTransaction && text.includes(WITH_THE_COMMIT_MARK)) {
      state.last = withWaiting(state.waiting, statement);
      state.waiting = [];
      return { ahead: [], statement: null };
    }
    if (state.inTransaction && text.includes(WITH_NEXT_STATEMENT_MARK) && !RETURNING.test(text)) {
      state.waiting.push(statement);
      return { ahead: [], statement: null };
    }
    const waiting = state.waiting;
    if (waiting.length === 0) return { ahead: [], statement };
    state.waiting = [];
    if (rollback) return { ahead: [], statement };
    if (!ends && TAKES_A_WITH.test(text)) return { ahead: [], statement: withWaiting(waiting, statement) };
    const last = waiting.at(-1) as Statement;
    return { ahead: [withWaiting(waiting.slice(0, -1), last)], statement };
  };
}
