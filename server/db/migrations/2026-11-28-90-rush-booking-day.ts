import { type Kysely, sql } from "kysely";

/**
 * The day a rush deliverable booked against the daily rush capacity (issue 28), so cancelling it gives the slot back
 * (server/modules/orders/rush-capacity.ts). Null: no rush, or its slot was given back. Open rush deliverables placed
 * before this keep the day of their due date (right unless an answered question or a revision moved it since).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverables").addColumn("rush_day", "text").execute();
  await db
    .updateTable("deliverables")
    .set({ rush_day: sql`substr(due_at, 1, 10)` })
    .where("options_json", "like", '%"kind":"rush"%')
    .where("status", "not in", ["cancelled", "completed"])
    .where("revisions_used", "=", 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverables").dropColumn("rush_day").execute();
}
