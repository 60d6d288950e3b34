import { CompiledQuery, type DatabaseConnection, type Driver } from "kysely";

/** The node's own setImmediate, taken before any test could fake it: a commit never waits for a fake clock. */
const nextTurnOfTheLoop: (fn: () => void) => void = setImmediate.bind(globalThis);

/**
 * Writing uses of the connection one commit takes at most: each waits for the ones after it. Placing orders at 50
 * connections, before `temp_store = MEMORY`: 32 placed 554–558 orders/s, 16 518–548/s, one at a time 392–413/s
 * (decision 0091).
 */
export const MAX_GROUP = 32;

export interface GroupCommitOptions {
  /** Whether the connection is inside a transaction (better-sqlite3's `inTransaction`). */
  inTransaction(): boolean;
  /** Whether a statement only reads (better-sqlite3's `readonly`, of the statement as the connection keeps it). */
  readOnly(sql: string): boolean;
  /** Runs `fn` once the event loop has served what was ready; tests pass their own. */
  defer?: (fn: () => void) => void;
  maxGroup?: number;
}

interface Turns {
  take(): Promise<void>;
  pass(): void;
}

interface Member {
  resolve(): void;
  reject(error: unknown): void;
}

/** Thrown to the transactions of a group that SQLite rolled back whole while one of them failed. */
export class GroupRolledBack extends Error {
  constructor() {
    super("SQLite rolled back the transaction these changes were part of");
  }
}

const run = (connection: DatabaseConnection, text: string) => connection.executeQuery(CompiledQuery.raw(text));

/**
 * The one connection as its holders get it (`watch`), noting whether a plain statement of the holder's writes while
 * `checking()` (a group is open: outside one a plain statement commits by itself) by SQLite's own readonly flag;
 * a transaction counts as writing from its start, its statements unchecked. `inner` is the connection itself, for
 * the group's own statements.
 */
function writeWatch(readOnly: (sql: string) => boolean, checking: () => boolean) {
  let watched: { of: DatabaseConnection; as: DatabaseConnection } | undefined;
  const state = {
    /** Whether the holder has changed something that is still to be committed: then it waits for the commit. */
    wrote: false,
    watch(connection: DatabaseConnection): DatabaseConnection {
      if (watched?.of === connection) return watched.as;
      const noteWrite = (text: string) => {
        if (!state.wrote && checking() && !readOnly(text)) state.wrote = true;
      };
      const as: DatabaseConnection = {
        executeQuery(query) {
          noteWrite(query.sql);
          return connection.executeQuery(query);
        },
        streamQuery(query, chunkSize) {
          noteWrite(query.sql);
          return connection.streamQuery(query, chunkSize);
        },
      };
      watched = { of: connection, as };
      return as;
    },
    inner: (connection: DatabaseConnection) => (watched?.as === connection ? watched.of : connection),
  };
  return state;
}

/**
 * Group commit for the one SQLite connection (issue 27, decision 0091). A commit writes every page the transaction
 * changed to the WAL, two write calls a page: ~87 pages for an order, a quarter of its CPU. So a transaction's
 * COMMIT is put off until the event loop has served what was ready when it ended; the transactions that ran
 * meanwhile (the other requests read in the same turn of the loop) each ran as a savepoint of the same SQLite
 * transaction, and one COMMIT writes the pages they share once. Nobody who changed something is answered before the
 * commit that holds the change: a use of the connection that wrote (a transaction, or a plain statement) while a
 * group is open is released only when that commit is done, and fails with it if it fails. A use that only read is
 * answered at once, and may have read the group's changes a moment before their commit (as with
 * `synchronous = NORMAL` a commit itself may be lost to a power cut); so a read kept by a cache never waits for a
 * commit that the transaction awaiting it holds up. A transaction that fails rolls back to its savepoint and leaves
 * the others' changes in place. Alone, a transaction commits in the next turn of the loop: the wait is the loop's,
 * microseconds when it is idle.
 */
export function groupCommits(driver: Driver, turns: Turns, options: GroupCommitOptions): void {
  const defer = options.defer ?? nextTurnOfTheLoop;
  const maxGroup = options.maxGroup ?? MAX_GROUP;
  const acquire = driver.acquireConnection.bind(driver);
  const release = driver.releaseConnection.bind(driver);
  const destroy = driver.destroy.bind(driver);
  /** The uses waiting for the open group's commit; null while no group is open. */
  let group: Member[] | null = null;
  const writes = writeWatch(options.readOnly, () => group !== null);
  let commitDeferred = false;
  const inner = writes.inner;

  async function commit(connection: DatabaseConnection): Promise<void> {
    const members = group;
    group = null;
    if (!members) return;
    try {
      await run(connection, "commit");
    } catch (error) {
      if (options.inTransaction()) await run(connection, "rollback").catch(() => undefined);
      for (const member of members) member.reject(error);
      return;
    }
    for (const member of members) member.resolve();
  }

  /** The deferred commit takes its turn at the connection like any other use. */
  async function commitInTurn(): Promise<void> {
    commitDeferred = false;
    await turns.take();
    const connection = await acquire();
    try {
      await commit(connection);
    } finally {
      await release(connection);
      turns.pass();
    }
  }

  driver.acquireConnection = async () => {
    await turns.take();
    writes.wrote = false;
    return writes.watch(await acquire());
  };

  driver.beginTransaction = async (connection) => {
    if (!group) {
      await run(inner(connection), "begin immediate");
      group = [];
    }
    await run(inner(connection), "savepoint grouped");
    writes.wrote = true;
  };

  driver.commitTransaction = async (connection) => {
    await run(inner(connection), "release grouped");
  };

  driver.rollbackTransaction = async (connection) => {
    writes.wrote = false;
    if (options.inTransaction()) {
      await run(inner(connection), "rollback to grouped");
      await run(inner(connection), "release grouped");
      return;
    }
    // SQLite ended the whole transaction (a full disk, an I/O error): the changes of the group's others are gone.
    const members = group ?? [];
    group = null;
    for (const member of members) member.reject(new GroupRolledBack());
  };

  driver.releaseConnection = async (connection) => {
    let committed: Promise<void> | undefined;
    if (group && writes.wrote) {
      const members = group;
      committed = new Promise<void>((resolve, reject) => members.push({ resolve, reject }));
    }
    try {
      if (group && group.length >= maxGroup) await commit(inner(connection));
      else if (group && !commitDeferred) {
        commitDeferred = true;
        defer(() => void commitInTurn());
      }
    } finally {
      await release(inner(connection));
      turns.pass();
    }
    await committed;
  };

  driver.destroy = async () => {
    if (group) await commitInTurn();
    await destroy();
  };
}
