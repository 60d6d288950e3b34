import { seed, startStore } from "./back-office";
import { staffMember } from "../../server/test/orders-test-support";
import { searchWords } from "../../server/db/full-text";
import { orderMatches } from "../../server/modules/orders/order-search";
import { adminOrderQuerySchema } from "../../contract/admin-orders";

const dialect = (process.env.P_DIALECT ?? "sqlite") as "sqlite" | "postgres";
const store = await startStore(dialect === "postgres" ? "postgres://postgres@127.0.0.1:5432/test" : undefined);
await seed(store, dialect);
const manager = await staffMember(store, "manager");
const actor = { id: manager.id, role: "manager" as const };
const time = async (name: string, fn: () => Promise<unknown>) => {
  const runs: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); await fn(); runs.push(performance.now() - t); }
  runs.sort((a, b) => a - b);
  console.log(name, "median", runs[7]!.toFixed(1), "min", runs[0]!.toFixed(1));
};
for (const q of (process.env.P_Q ?? "17").split("|")) {
  const words = searchWords(q);
  const db = store.db.kysely;
  await time(`${q} customers`, () => store.services.accounts.people.customerIdsMatching(q));
  const customers = await store.services.accounts.people.customerIdsMatching(q);
  console.log("customers", customers.length);
  await time(`${q} orderMatches`, () => orderMatches(db, words, actor, customers));
  for (const sort of ["due", "-due"]) {
    await time(`${q} page ${sort}`, () => store.services.orders.queue.page(adminOrderQuerySchema.parse({ q, sort }), actor, new Date()));
  }
  await time(`first page`, () => store.services.orders.queue.page(adminOrderQuerySchema.parse({}), actor, new Date()));
}
await store.close();
process.exit(0);
