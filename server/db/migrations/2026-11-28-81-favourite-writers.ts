import type { Kysely } from "kysely";

/**
 * The writer you liked (issue 28), owned by the orders module: a buyer's favourite writers (marked on a deliverable
 * they accepted), and on each deliverable the writer its buyer asked for when ordering (null: none asked).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("favourite_writers")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("writer_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("deliverable_id", "text", (c) => c.references("deliverables.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourite_writers_pk", ["user_id", "writer_id"])
    .execute();
  await db.schema.alterTable("deliverables").addColumn("wished_writer_id", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverables").dropColumn("wished_writer_id").execute();
  await db.schema.dropTable("favourite_writers").execute();
}
