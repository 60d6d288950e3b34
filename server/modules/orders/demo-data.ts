import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import { hashPassword } from "../accounts/passwords";
import type { WalletService } from "../wallet/wallet.service";
import type { OrderActions } from "./order-actions";
import type { OrdersService, PlaceOrderInput } from "./orders.service";

export const DEMO_CUSTOMER = { email: "demo@scriptorium.test", password: "demo-customer-2026" } as const;
/** €2,500 in minor units. */
const DEMO_BALANCE = 250_000;

const DEMO_ORDER: PlaceOrderInput = {
  firstName: "Dana",
  lastName: "Demo",
  email: DEMO_CUSTOMER.email,
  businessName: "Demo Bakery SL",
  country: "ES",
  city: "Madrid",
  address1: "Calle Mayor 1",
  state: "Madrid",
  zipCode: "28013",
  agreedToPP_TOS: true,
  currency: "EUR",
  orderFormData: [
    {
      productId: "article-forge",
      brief: {
        topic: "Why sourdough takes two days",
        audience: "Home bakers who buy our bread",
        tone: "friendly",
        length: "800",
        keywords: ["sourdough", "slow fermentation"],
      },
    },
  ],
};

const DEMO_RESULT = [
  "# Why sourdough takes two days",
  "",
  "_A sample result delivered by Scriptorium for the demo customer._",
  "",
  "Good bread is mostly waiting. On day one the starter wakes up and the dough rests overnight in the cold;",
  "on day two it is shaped, proofed and baked. The wait is where the flavour comes from.",
  "",
  "## What the slow fermentation does",
  "",
  "- Wild yeast and lactic bacteria turn flour into flavour and a crust that crackles.",
  "- The long rest makes the bread easier to digest and keeps it fresh for days.",
  "",
  "_Scriptorium · muestra / sample_",
  "",
].join("\n");

const DEMO_WRITER_EMAIL = "writer@scriptorium.test";

/** The demo's orders: each placed with its idempotency key and brought to its state, so a newcomer sees the whole lifecycle. */
const DEMO_ORDERS = [
  { key: "demo-order", topic: "Why sourdough takes two days", state: "delivered" },
  { key: "demo-order-question", topic: "Our new rye loaf", state: "needs_info" },
  { key: "demo-order-in-progress", topic: "Baking with children at home", state: "in_progress" },
  { key: "demo-order-completed", topic: "A short history of our bakery", state: "completed" },
] as const;

export interface DemoDeps {
  db: Kysely<Database>;
  wallet: WalletService;
  orders: Pick<OrdersService, "place" | "find" | "hasOrders"> & { actions: Pick<OrderActions, "start" | "ask" | "deliver" | "accept"> };
}

async function ensureUser(db: Kysely<Database>, email: string, values: { first: string; last: string; role: "customer" | "writer"; password: string }): Promise<string> {
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) return existing.id;
  const now = nowIso();
  await db
    .insertInto("users")
    .values({
      id: randomUUID(), email, first_name: values.first, last_name: values.last, country: "ES", company: "Demo Bakery SL",
      city: "Madrid", zip_code: "28013", address: "Calle Mayor 1", password_hash: await hashPassword(values.password),
      role: values.role, created_at: now, updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/**
 * DEMO_DATA: a customer to try the store with (demo@scriptorium.test / demo-customer-2026), €2,500 to spend and four
 * orders across the lifecycle: one delivered and waiting for review (with a small Markdown result), one with a
 * question from the writer, one in progress and one completed. Every step checks what is already there (orders are
 * placed with idempotency keys, moves only from the state before), so a restart adds nothing twice.
 */
export async function ensureDemoData({ db, wallet, orders }: DemoDeps): Promise<void> {
  const userId = await ensureUser(db, DEMO_CUSTOMER.email, { first: "Dana", last: "Demo", role: "customer", password: DEMO_CUSTOMER.password });
  const writerId = await ensureUser(db, DEMO_WRITER_EMAIL, { first: "Wren", last: "Writer", role: "writer", password: randomUUID() });
  const customer = { id: userId, role: "customer" as const };
  const writer = { id: writerId, role: "writer" as const };
  const firstRun = !(await orders.hasOrders(userId));
  if (firstRun && (await wallet.balance(userId, "EUR")) === 0) {
    await wallet.transaction((trx) => wallet.credit(trx, { userId, currency: "EUR", amount: DEMO_BALANCE, kind: "adjustment", reference: "demo" }));
  }
  for (const demo of DEMO_ORDERS) {
    const input: PlaceOrderInput = { ...DEMO_ORDER, orderFormData: [{ productId: "article-forge", brief: { ...DEMO_ORDER.orderFormData[0]!.brief, topic: demo.topic } }] };
    const { id } = await orders.place(userId, input, { locale: "en", idempotencyKey: demo.key });
    const status = () => orders.find(id).then((order) => order?.status);
    if ((await status()) === "paid") await orders.actions.start(id, writer);
    if (demo.state === "needs_info" && (await status()) === "in_progress") {
      await orders.actions.ask(id, writer, "Is the rye loaf sourdough too, or made with yeast? It changes the story.");
    }
    if ((demo.state === "delivered" || demo.state === "completed") && (await status()) === "in_progress") {
      await orders.actions.deliver(id, writer, [{ fileName: "why-sourdough-takes-two-days.md", content: Buffer.from(DEMO_RESULT) }], "First version");
    }
    if (demo.state === "completed" && (await status()) === "delivered") await orders.actions.accept(id, customer);
  }
}
