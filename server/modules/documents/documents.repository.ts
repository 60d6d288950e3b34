import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { DocumentKind, DocumentsTable } from "./documents.tables";

export type DocumentRow = Selectable<DocumentsTable>;

/** Issued documents and their number series. Each method runs on the given transaction, or on the database. */
export function createDocumentsRepository(db: Kysely<Database>) {
  return {
    /**
     * The next number of `series`, taken by one UPDATE of its counter row: on PostgreSQL the row stays locked until
     * the caller's transaction ends, so a rolled-back payment gives its number back and the series has no gaps.
     */
    async nextNumber(series: string, trx: Kysely<Database> = db): Promise<number> {
      // One statement: the series' first number, or the next one (the row locked until the commit, as an UPDATE does).
      const row = await trx
        .insertInto("document_series")
        .values({ series, last_number: 1 })
        .onConflict((oc) => oc.column("series").doUpdateSet((eb) => ({ last_number: eb(eb.ref("document_series.last_number"), "+", 1) })))
        .returning("last_number")
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async insert(row: DocumentRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("documents").values(row).execute();
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
