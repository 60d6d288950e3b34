import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-40-help-desk";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

describe("migration: the help desk", () => {
  it("gives existing tickets an empty subject and the time of their first staff answer, none when nobody answered", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const ticket = (id: string) => ({ id, email: `${id}@example.com`, description: "Hello", locale: "en", created_at: "2026-11-20T10:00:00.000Z", updated_at: "2026-11-20T10:00:00.000Z" });
    const message = (id: string, ticketId: string, author: string, at: string) => ({ id, ticket_id: ticketId, author, staff_id: null, body: "…", created_at: at });
    await (db.kysely as any).insertInto("support_tickets").values([ticket("answered"), ticket("waiting")]).execute();
    await (db.kysely as any)
      .insertInto("support_messages")
      .values([
        message("m1", "answered", "requester", "2026-11-20T11:00:00.000Z"),
        message("m2", "answered", "staff", "2026-11-20T12:00:00.000Z"),
        message("m3", "answered", "staff", "2026-11-21T09:00:00.000Z"),
        message("m4", "waiting", "requester", "2026-11-20T13:00:00.000Z"),
      ])
      .execute();

    await migrateTo(db);

    const rows = await db.kysely.selectFrom("support_tickets").select(["id", "subject", "first_response_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "answered", subject: "", first_response_at: "2026-11-20T12:00:00.000Z" },
      { id: "waiting", subject: "", first_response_at: null },
    ]);
  });
});
