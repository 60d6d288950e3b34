import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../test/test-store";
import { OuterDatabaseInTransactionError } from "./outer-database-guard";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

describe("transactions", () => {
  it("fail at once when the outer database is used inside transaction(fn), instead of waiting forever on SQLite", async () => {
    const db = store.db.kysely;
    const attempt = db.transaction().execute(async (trx) => {
      await trx.selectFrom("products").select("id").limit(1).execute();
      return db.selectFrom("products").select("id").limit(1).execute();
    });
    await expect(attempt).rejects.toBeInstanceOf(OuterDatabaseInTransactionError);
    const nested = db.transaction().execute(async () => db.transaction().execute(async () => "never"));
    await expect(nested).rejects.toBeInstanceOf(OuterDatabaseInTransactionError);
  });

  it("let the outer database work again after a transaction, and let transactions work side by side", async () => {
    const db = store.db.kysely;
    const [a, b] = await Promise.all([
      db.transaction().execute((trx) => trx.selectFrom("products").select("id").limit(1).execute()),
      db.transaction().execute((trx) => trx.selectFrom("products").select("id").limit(1).execute()),
    ]);
    expect(a).toHaveLength(1);
    expect(b).toEqual(a);
    expect(await db.selectFrom("products").select("id").limit(1).execute()).toEqual(a);
  });

});
