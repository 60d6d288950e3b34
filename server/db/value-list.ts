import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";

/**
 * `expression IN values` bound as one parameter, whatever the count: PostgreSQL's `= any($1::text[])` (planned with
 * the value, so a long array is a hashed constant), SQLite's `json_each` of a JSON array (an ephemeral index, built
 * once). `IN ($1, …, $n)` made each of thousands of placeholders a node for the database to parse and plan: with 6,000
 * order ids that cost more than the query it filtered (docs/decisions/0081-queue-search-walks-its-sort-index.md).
 */
export function inTextList<DB>(db: Kysely<DB>, expression: Expression<string>, values: readonly string[]): RawBuilder<SqlBool> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return sql<SqlBool>`${expression} = any(${[...values]}::text[])`;
  return sql<SqlBool>`${expression} in (select value from json_each(${JSON.stringify(values)}))`;
}
