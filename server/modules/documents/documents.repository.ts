import { sql, type Kysely, type Selectable } from "kysely";
import { isPostgres } from "../../db/row-lock";
import { withTheCommit } from "../../db/with-next-statement";
import type { Database } from "../../db/schema";
import type { DocumentData } from "./document-data";
import type { DocumentKind, DocumentsTable } from "./documents.tables";

export type DocumentRow = Selectable<DocumentsTable>;

/** A document as issued, before its series gives it a number. */
export type Unnumbered = Omit<DocumentRow, "seq" | "number" | "data_json">;

/** A document's number: its series and its place in it ("INV-2026-000042"); on PostgreSQL the statement's own. */
function documentNumber(series: string, seq: number): string {
  return `${series}-${String(seq).padStart(6, "0")}`;
}

/**
 * Where the number goes in a document's data on PostgreSQL, replaced by the statement that takes it: the field
 * `"number":"\u0000number"` (escaped as JSON writes it) occurs nowhere else, since quotes inside a value are escaped.
 */
const NUMBER_SLOT = "\u0000number";
const SLOT_FIELD = JSON.stringify({ number: NUMBER_SLOT }).slice(1, -1);

/**
 * PostgreSQL: the document inserted with the next number of its series, taken by the same statement, and its data
 * (`template`, the number's slot in it) with that number.
 */
function numberedInsert(document: Unnumbered, template: string) {
  return sql`
    with counter as (
      insert into document_series (series, last_number) values (${document.series}, 1)
      on conflict (series) do update set last_number = document_series.last_number + 1
      returning last_number
    ), numbered as (
      select last_number as seq,
        ${document.series} || '-' || case when length(last_number::text) >= 6 then last_number::text else lpad(last_number::text, 6, '0') end as number
      from counter
    )
    insert into documents (id, user_id, kind, series, seq, number, source_id, data_json, issued_at)
    select ${document.id}, ${document.user_id}, ${document.kind}, ${document.series}, seq, number, ${document.source_id},
      replace(${template}, ${SLOT_FIELD}, '"number":"' || number || '"'), ${document.issued_at}
    from numbered`;
}

/** Issued documents and their number series. Each method runs on the given transaction, or on the database. */
export function createDocumentsRepository(db: Kysely<Database>) {
  /**
   * Inserts the document with the next number of its series, and its data with that number: in one statement on
   * PostgreSQL, where the series' row stays locked from it to the caller's commit (a rolled-back payment gives its
   * number back, the series has no gaps), so callers take it last. On SQLite the transaction holds the single
   * write lock anyway: the counter, then the insert.
   */
  async function insertNumbered(document: Unnumbered, data: (number: string) => DocumentData, trx: Kysely<Database> = db): Promise<DocumentRow> {
    if (isPostgres(trx)) {
      const template = JSON.stringify(data(NUMBER_SLOT));
      const { seq, number } = await sql<{ seq: string | number; number: string }>`${numberedInsert(document, template)} returning seq, number`
        .execute(trx)
        .then((result) => result.rows[0] ?? Promise.reject(new Error("the document was not inserted")));
      return { ...document, seq: Number(seq), number, data_json: template.replace(SLOT_FIELD, `"number":"${number}"`) };
    }
    const counter = await trx
      .insertInto("document_series")
      .values({ series: document.series, last_number: 1 })
      .onConflict((oc) => oc.column("series").doUpdateSet((eb) => ({ last_number: eb(eb.ref("document_series.last_number"), "+", 1) })))
      .returning("last_number")
      .executeTakeFirstOrThrow();
    const seq = Number(counter.last_number);
    const number = documentNumber(document.series, seq);
    const row: DocumentRow = { ...document, seq, number, data_json: JSON.stringify(data(number)) };
    await trx.insertInto("documents").values(row).execute();
    return row;
  }

  return {
    insertNumbered,

    /**
     * Like insertNumbered, as the transaction's last write, without an answer: on PostgreSQL the statement goes out
     * with the COMMIT (with-next-statement.ts), so the series' row is held for PostgreSQL's work alone (issue 27).
     */
    async insertNumberedWithTheCommit(document: Unnumbered, data: (number: string) => DocumentData, trx: Kysely<Database>): Promise<void> {
      if (!isPostgres(trx)) {
        await insertNumbered(document, data, trx);
        return;
      }
      await sql`${numberedInsert(document, JSON.stringify(data(NUMBER_SLOT)))} ${withTheCommit}`.execute(trx);
    },

    async findBySource(kind: DocumentKind, sourceId: string, trx: Kysely<Database> = db): Promise<DocumentRow | undefined> {
      return trx.selectFrom("documents").selectAll().where("kind", "=", kind).where("source_id", "=", sourceId).executeTakeFirst();
    },

    /** The newest document of `kind` about `sourceId`: its own, or one of its parts' (`<sourceId>:<part>`, a deliverable's refund). */
    async latestAbout(kind: DocumentKind, sourceId: string): Promise<DocumentRow | undefined> {
      return db
        .selectFrom("documents")
        .selectAll()
        .where("kind", "=", kind)
        .where((eb) => eb.or([eb("source_id", "=", sourceId), eb("source_id", "like", `${sourceId.replace(/[%_]/g, "")}:%`)]))
        .orderBy("issued_at", "desc")
        .orderBy("seq", "desc")
        .executeTakeFirst();
    },

    async findById(id: string): Promise<DocumentRow | undefined> {
      return db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async listForUser(userId: string, trx: Kysely<Database> = db): Promise<DocumentRow[]> {
      return trx.selectFrom("documents").selectAll().where("user_id", "=", userId).orderBy("issued_at", "desc").orderBy("number", "desc").execute();
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
