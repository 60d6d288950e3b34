import { sql } from "kysely";

/** The comment that marks a write as one that may wait for its transaction's next statement (see below). */
export const WITH_NEXT_STATEMENT_MARK = "/* with the next statement */";

/** The comment that marks a transaction's last write as one that goes out with its COMMIT (see below). */
export const WITH_THE_COMMIT_MARK = "/* with the commit */";

/**
 * Appended to an INSERT (`.modifyEnd(withNextStatement)`) whose answer nobody reads and whose row the transaction does
 * not read again before its next statement: on PostgreSQL, inside a transaction, it goes out with that statement as a
 * WITH of it, one round trip fewer (postgres-write-batching.ts; issue 27). Its error, if any, is then that statement's.
 * On SQLite, and outside a transaction, it runs at once: the mark is only a comment.
 */
export const withNextStatement = sql.raw(WITH_NEXT_STATEMENT_MARK);

/**
 * Appended to a transaction's last write, whose answer nobody reads (a WITH of its own may have RETURNING): on
 * PostgreSQL it is answered at once and sent in the same write to the socket as the COMMIT, so a row it locks is held
 * for PostgreSQL's own work alone, not for a round trip through the store's busy event loop as well (issue 27: the
 * invoice series' row, which every order takes). Its error, if any, is the COMMIT's. On SQLite, and outside a
 * transaction, it runs at once.
 */
export const withTheCommit = sql.raw(WITH_THE_COMMIT_MARK);
