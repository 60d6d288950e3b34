import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase, ownTables } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const FIRST = "2026-11-28-80-on-time-guarantee";
const LAST = "2026-11-28-82-staff-display-names";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const columnsOf = async (table: string) =>
  (await ownTables(db))
    .find((found) => found.name === table)
    ?.columns.map((column) => column.name) ?? [];
const tables = async () => (await ownTables(db)).map((table) => table.name);

describe("migrations 80–82: the on-time guarantee, favourite writers, staff display names (issue 28)", () => {
  it("go up and back down", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, LAST);
    expect(await tables()).toEqual(expect.arrayContaining(["on_time_credits", "favourite_writers"]));
    expect(await columnsOf("deliverables")).toContain("wished_writer_id");
    expect(await columnsOf("staff_accounts")).toContain("display_name");

    await migrateTo(db, migrationBefore(FIRST));
    expect(await tables()).not.toContain("on_time_credits");
    expect(await tables()).not.toContain("favourite_writers");
    expect(await columnsOf("deliverables")).not.toContain("wished_writer_id");
    expect(await columnsOf("staff_accounts")).not.toContain("display_name");

    await migrateTo(db, LAST);
    expect(await columnsOf("staff_accounts")).toContain("display_name");
  });
});
