import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import { hashPassword } from "../accounts/passwords";
import type { WalletService } from "../wallet/wallet.service";
import type { Delivery } from "./order-results";
import type { PlaceOrderInput } from "./orders.service";

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
  vatNumber: "",
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

export interface DemoDeps {
  db: Kysely<Database>;
  wallet: WalletService;
  orders: {
    place(userId: string, input: PlaceOrderInput, options: { locale: "en" | "es"; idempotencyKey?: string }): Promise<{ id: string }>;
    deliver(orderId: string, delivery: Delivery): Promise<unknown>;
    hasOrders(userId: string): Promise<boolean>;
    find(reference: string): Promise<{ status: string } | undefined>;
  };
}

async function ensureDemoUser(db: Kysely<Database>): Promise<string> {
  const existing = await db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).executeTakeFirst();
  if (existing) return existing.id;
  const now = nowIso();
  await db
    .insertInto("users")
    .values({
      id: randomUUID(), email: DEMO_CUSTOMER.email, first_name: "Dana", last_name: "Demo", country: "ES", company: "Demo Bakery SL",
      city: "Madrid", zip_code: "28013", address: "Calle Mayor 1", password_hash: await hashPassword(DEMO_CUSTOMER.password),
      role: "customer", created_at: now, updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return (await db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER.email).executeTakeFirstOrThrow()).id;
}

/**
 * DEMO_DATA: a customer to try the store with (demo@scriptorium.test / demo-customer-2026), €2,500 to spend and one
 * delivered order with a small Markdown result. Every step checks what is already there (the order is placed with an
 * idempotency key), so a restart, even after an interrupted first run, adds nothing twice.
 */
export async function ensureDemoData({ db, wallet, orders }: DemoDeps): Promise<void> {
  const userId = await ensureDemoUser(db);
  const firstRun = !(await orders.hasOrders(userId));
  if (firstRun && (await wallet.balance(userId, "EUR")) === 0) {
    await wallet.transaction((trx) => wallet.credit(trx, { userId, currency: "EUR", amount: DEMO_BALANCE, kind: "adjustment", reference: "demo" }));
  }
  const order = await orders.place(userId, DEMO_ORDER, { locale: "en", idempotencyKey: "demo-order" });
  if ((await orders.find(order.id))?.status !== "delivered") {
    await orders.deliver(order.id, { fileName: "why-sourdough-takes-two-days.md", content: Buffer.from(DEMO_RESULT) });
  }
}
