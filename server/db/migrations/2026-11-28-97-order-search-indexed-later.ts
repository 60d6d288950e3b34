import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Placing an order writes less (issue 27, docs/decisions/0086-order-search-indexed-later.md):
 *
 * - SQLite: a new `order_search` row no longer enters the FTS5 index in the transaction that wrote it (~5 of an
 *   order's ~88 WAL pages, ~0.2 ms of its CPU: a segment of its own per transaction). Its rowid is noted in
 *   `order_search_pending` instead, and server/modules/orders/order-search-index.ts adds every noted row to the index
 *   in one go: before any search of the orders reads it (so a search finds what was committed before it), and in a
 *   job shortly after the orders were placed. Deleting or changing a row still noted changes nothing in the index
 *   (it holds no entry for it yet; the batch reads the row as it is then). PostgreSQL's GIN index already keeps new
 *   entries in its pending list (fastupdate): nothing changes there.
 * - Both: `orders_assigned` (assigned_to) goes, a prefix of `orders_queue_writer` (assigned_to, due_at, id), which
 *   serves every query it served.
 */

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const FTS = "order_search_fts";
const NOTED = "old.rid in (select rid from order_search_pending)";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_assigned").execute();
  if (isPostgres(db)) return;
  await db.schema
    .createTable("order_search_pending")
    .addColumn("rid", "integer", (c) => c.primaryKey())
    .execute();
  for (const name of ["order_search_ai", "order_search_ad", "order_search_au"])
    await sql.raw(`drop trigger ${name}`).execute(db);
  await sql
    .raw(
      `create trigger order_search_ai after insert on order_search begin insert into order_search_pending (rid) values (new.rid); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_ad after delete on order_search begin
         insert into ${FTS}(${FTS}, rowid, document) select 'delete', old.rid, old.document where not ${NOTED};
         delete from order_search_pending where rid = old.rid;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_au after update on order_search when not ${NOTED} begin
         insert into ${FTS}(${FTS}, rowid, document) values ('delete', old.rid, old.document);
         insert into ${FTS}(rowid, document) values (new.rid, new.document);
       end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_assigned").on("orders").column("assigned_to").execute();
  if (isPostgres(db)) return;
  // The rows still noted enter the index first, as the triggers of 2026-11-28-20 would have added them.
  await sql
    .raw(
      `insert into ${FTS}(rowid, document) select s.rid, s.document from order_search s join order_search_pending p on p.rid = s.rid`,
    )
    .execute(db);
  for (const name of ["order_search_ai", "order_search_ad", "order_search_au"])
    await sql.raw(`drop trigger ${name}`).execute(db);
  await db.schema.dropTable("order_search_pending").execute();
  await sql
    .raw(
      `create trigger order_search_ai after insert on order_search begin insert into ${FTS}(rowid, document) values (new.rid, new.document); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_ad after delete on order_search begin insert into ${FTS}(${FTS}, rowid, document) values ('delete', old.rid, old.document); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_au after update on order_search begin
         insert into ${FTS}(${FTS}, rowid, document) values ('delete', old.rid, old.document);
         insert into ${FTS}(rowid, document) values (new.rid, new.document);
       end`,
    )
    .execute(db);
}
