import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { SAVED_VIEWS_MAX, type SavedView, type SaveViewRequest } from "../../../contract/saved-views";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { AuditService } from "../audit";
import type { StaffActor } from "./staff-service-deps";

const toView = (row: { id: string; name: string; query: string; created_at: string }): SavedView => ({ id: row.id, name: row.name, query: row.query, createdAt: row.created_at });

/**
 * Saved views of the order queue, per member of staff (issue 26, point 6): each person names the filters and sort they
 * use, lists and deletes their own; nobody sees a colleague's. Saving and deleting are audited as staff settings.
 */
export function createSavedViews(db: Kysely<Database>, audit: AuditService, clock: Clock) {
  const record = (actor: StaffActor, action: "staff.save_view" | "staff.delete_view", view: SavedView, trx: Kysely<Database>) =>
    audit.record(
      {
        actor,
        ip: actor.ip,
        action,
        subject: { type: "staff", id: actor.id },
        before: action === "staff.delete_view" ? { name: view.name, query: view.query } : null,
        after: action === "staff.save_view" ? { name: view.name, query: view.query } : null,
      },
      trx,
    );
  return {
    /** The caller's views, by name. */
    async list(userId: string): Promise<SavedView[]> {
      const rows = await db.selectFrom("staff_saved_views").selectAll().where("user_id", "=", userId).orderBy("name").execute();
      return rows.map(toView);
    },

    /** A new view: 409 when the name is taken (by this person) or they have SAVED_VIEWS_MAX already. */
    async save(actor: StaffActor, request: SaveViewRequest): Promise<SavedView> {
      const view: SavedView = { id: randomUUID(), name: request.name, query: request.query, createdAt: clock.now().toISOString() };
      await db.transaction().execute(async (trx) => {
        const mine = await trx.selectFrom("staff_saved_views").select("name").where("user_id", "=", actor.id).execute();
        if (mine.some((row) => row.name.toLowerCase() === view.name.toLowerCase())) throw DomainError.field("name", "staff.viewNameTaken");
        if (mine.length >= SAVED_VIEWS_MAX) throw DomainError.conflict("staff.viewLimit", { max: SAVED_VIEWS_MAX });
        await trx.insertInto("staff_saved_views").values({ id: view.id, user_id: actor.id, name: view.name, query: view.query, created_at: view.createdAt }).execute();
        await record(actor, "staff.save_view", view, trx);
      });
      return view;
    },

    /** Deletes one of the caller's views; a colleague's or an unknown one is 404. */
    async remove(actor: StaffActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("staff_saved_views").selectAll().where("id", "=", id).where("user_id", "=", actor.id).executeTakeFirst();
        if (!row) throw DomainError.notFound();
        await trx.deleteFrom("staff_saved_views").where("id", "=", id).execute();
        await record(actor, "staff.delete_view", toView(row), trx);
      });
    },
  };
}

export type SavedViews = ReturnType<typeof createSavedViews>;
