import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { SavedReply, SavedReplyRequest } from "../../../contract/admin-support";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";

type Row = Database["support_saved_replies"];

const toReply = (row: Pick<Row, "id" | "title_en" | "body_en" | "title_es" | "body_es" | "updated_at">): SavedReply => ({
  id: row.id,
  title: { en: row.title_en, es: row.title_es },
  body: { en: row.body_en, es: row.body_es },
  updatedAt: row.updated_at,
});

/** Saved replies: the answers staff reuse, each with a title and a body in English and in Spanish. */
export function createSavedRepliesRepository(db: Kysely<Database>) {
  const columns = ["id", "title_en", "body_en", "title_es", "body_es", "updated_at"] as const;
  return {
    async all(trx: Kysely<Database> = db): Promise<SavedReply[]> {
      return (await trx.selectFrom("support_saved_replies").select(columns).orderBy("title_en").orderBy("id").execute()).map(toReply);
    },
    async find(id: string, trx: Kysely<Database> = db): Promise<SavedReply | undefined> {
      const row = await trx.selectFrom("support_saved_replies").select(columns).where("id", "=", id).executeTakeFirst();
      return row ? toReply(row) : undefined;
    },
    async insert(row: Row, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("support_saved_replies").values(row).execute();
    },
    async update(id: string, reply: SavedReplyRequest, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("support_saved_replies")
        .set({ title_en: reply.title.en, body_en: reply.body.en, title_es: reply.title.es, body_es: reply.body.es, updated_at: at })
        .where("id", "=", id)
        .execute();
    },
    async remove(id: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("support_saved_replies").where("id", "=", id).execute();
    },
  };
}

/** The audit row keeps the titles and the bodies' lengths, never the words (as for replies: decision 0045's rule). */
const auditView = (reply: SavedReply | undefined) =>
  reply ? { title: reply.title, bodyChars: { en: reply.body.en.length, es: reply.body.es.length } } : null;

/**
 * Saved replies for the support desk: every member of staff who handles tickets reads them (a writer answers with
 * them too); managers and admins create, edit and delete them, each change audited with titles before and after.
 */
export function createSavedReplies({ db, audit, clock = systemClock }: { db: Kysely<Database>; audit: AuditSink; clock?: Clock }) {
  const repository = createSavedRepliesRepository(db);
  /** One change in a transaction with its audit row. */
  const change = async (actor: StaffActor, action: string, id: string, write: (trx: Kysely<Database>, before: SavedReply | undefined, at: string) => Promise<void>) => {
    assertRole(actor.role, "manager");
    return db.transaction().execute(async (trx) => {
      const before = await repository.find(id, trx);
      await write(trx, before, clock.now().toISOString());
      const after = await repository.find(id, trx);
      await audit.record({ actor, action, subjectType: "support_saved_reply", subjectId: id, before: auditView(before), after: auditView(after) }, trx);
      return after;
    });
  };
  const existing = (reply: SavedReply | undefined): SavedReply => {
    if (!reply) throw new DomainError("not_found", { detail: { key: "supportDesk.savedReplyNotFound" } });
    return reply;
  };

  return {
    async list(actor: StaffActor): Promise<SavedReply[]> {
      assertRole(actor.role, "writer");
      return repository.all();
    },
    async create(reply: SavedReplyRequest, actor: StaffActor): Promise<SavedReply> {
      const id = randomUUID();
      const created = await change(actor, "savedReply.create", id, async (trx, _before, at) => {
        const row = { id, title_en: reply.title.en, body_en: reply.body.en, title_es: reply.title.es, body_es: reply.body.es };
        await repository.insert({ ...row, created_by: actor.id, created_at: at, updated_at: at }, trx);
      });
      return existing(created);
    },
    async update(id: string, reply: SavedReplyRequest, actor: StaffActor): Promise<SavedReply> {
      const updated = await change(actor, "savedReply.update", id, async (trx, before, at) => {
        existing(before);
        await repository.update(id, reply, at, trx);
      });
      return existing(updated);
    },
    async remove(id: string, actor: StaffActor): Promise<void> {
      await change(actor, "savedReply.delete", id, async (trx, before) => {
        existing(before);
        await repository.remove(id, trx);
      });
    },
  };
}

export type SavedReplies = ReturnType<typeof createSavedReplies>;
