import { sql } from "kysely";

/** The comment that marks a write as one that may wait for its transaction's next statement (see below). */
export const WITH_NEXT_STATEMENT_MARK = "/* with the next statement */";

/**
 * Appended to an INSERT (`.modifyEnd(withNextStatement)`) whose answer nobody reads and whose row the transaction does
 * not read again before its next statement: on PostgreSQL, inside a transaction, it goes out with that statement as a
 * WITH of it, one round trip fewer (postgres-write-batching.ts; issue 27). Its error, if any, is then that statement's.
 * On SQLite, and outside a transaction, it runs at once: the mark is only a comment.
 */
export const withNextStatement = sql.raw(WITH_NEXT_STATEMENT_MARK);
