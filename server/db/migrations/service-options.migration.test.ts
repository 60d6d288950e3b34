import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase, ownTables } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-70-service-options";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const own = () => ownTables(db);
const tables = async () => (await own()).map((table) => table.name);
const deliverableColumns = async () =>
  (await own()).find((table) => table.name === "deliverables")!.columns.map((column) => column.name);

describe("migration: options per service", () => {
  it("goes up (existing deliverables without options) and down again, and up once more", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    expect(await tables()).not.toContain("product_options");
    expect(await deliverableColumns()).not.toContain("options_json");

    await migrateTo(db, MIGRATION);
    expect(await tables()).toEqual(
      expect.arrayContaining(["product_options", "product_option_prices", "rush_bookings"]),
    );
    expect(await deliverableColumns()).toContain("options_json");

    await migrateTo(db, migrationBefore(MIGRATION));
    expect(await tables()).not.toContain("product_options");
    expect(await tables()).not.toContain("product_option_prices");
    expect(await tables()).not.toContain("rush_bookings");
    expect(await deliverableColumns()).not.toContain("options_json");

    await migrateTo(db, MIGRATION);
    expect(await deliverableColumns()).toContain("options_json");
  });
});
