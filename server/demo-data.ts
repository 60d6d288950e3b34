import { randomUUID } from "node:crypto";
import type { DemoDeps } from "./demo-deps";
import type { PlaceOrderInput } from "./modules/orders";
import { ensureDemoDeliverables } from "./demo-deliverables";
import { demoResultFiles } from "./demo-result";

export const DEMO_CUSTOMER = { email: "demo@scriptorium.test", password: "demo-customer-2026" } as const;
/** €4,000 in minor units: what the demo orders leave (€2,096) still pays for a full cart. */
const DEMO_BALANCE = 400_000;

const DEMO_BRIEF = {
  topic: "Why sourdough takes two days",
  audience: "Home bakers who buy our bread",
  tone: "friendly",
  length: "800",
  keywords: ["sourdough", "slow fermentation"],
};

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
  orderFormData: [{ productId: "article-forge", brief: DEMO_BRIEF }],
};

const DEMO_WRITER_EMAIL = "writer@scriptorium.test";
const DEMO_MANAGER_EMAIL = "manager@scriptorium.test";

/** The demo's orders: each placed with its idempotency key and brought to its state, so a newcomer sees the whole lifecycle. */
const DEMO_ORDERS = [
  { key: "demo-order", topic: "Why sourdough takes two days", state: "delivered" },
  { key: "demo-order-question", topic: "Our new rye loaf", state: "needs_info" },
  { key: "demo-order-in-progress", topic: "Baking with children at home", state: "in_progress" },
  { key: "demo-order-completed", topic: "A short history of our bakery", state: "completed" },
] as const;

/** What the seed needs from the modules (named by their own types, so the root and the seed form no circle). */

/**
 * DEMO_DATA: a customer to try the store with (demo@scriptorium.test / demo-customer-2026), €4,000 to spend and four
 * orders across the lifecycle: one delivered and waiting for review (with the article as DOCX and PDF, as Article Forge promises), one with a
 * question from the writer, one in progress and one completed; then three orders of several deliverables in mixed
 * states, with a refund and a goodwill credit (demo-deliverables.ts). Every step checks what is already there (orders are
 * placed with idempotency keys, moves only from the state before), so a restart adds nothing twice.
 */
export async function ensureDemoData({ accounts, wallet, orders, transaction }: DemoDeps): Promise<void> {
  const place = { country: "ES", company: "Demo Bakery SL", city: "Madrid", zip_code: "28013", address: "Calle Mayor 1" };
  const userId = await accounts.ensureCustomer({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, first_name: "Dana", last_name: "Demo", ...place });
  const writerId = await accounts.ensureCustomer({ email: DEMO_WRITER_EMAIL, password: randomUUID(), first_name: "Wren", last_name: "Writer", ...place }, "writer");
  const managerId = await accounts.ensureCustomer({ email: DEMO_MANAGER_EMAIL, password: randomUUID(), first_name: "Mara", last_name: "Manager", ...place }, "manager");
  const customer = { id: userId, role: "customer" as const };
  const writer = { id: writerId, role: "writer" as const };
  const firstRun = !(await orders.hasOrders(userId));
  if (firstRun && (await wallet.balance(userId, "EUR")) === 0) {
    await transaction((trx) => wallet.credit(trx, { userId, currency: "EUR", amount: DEMO_BALANCE, kind: "adjustment", reference: "demo" }));
  }
  for (const demo of DEMO_ORDERS) {
    const input: PlaceOrderInput = { ...DEMO_ORDER, orderFormData: [{ productId: "article-forge", brief: { ...DEMO_BRIEF, topic: demo.topic } }] };
    const { id } = await orders.place(userId, input, { locale: "en", idempotencyKey: demo.key });
    const status = () => orders.find(id).then((order) => order?.status);
    if ((await status()) === "paid") await orders.actions.start(id, writer);
    if (demo.state === "needs_info" && (await status()) === "in_progress") {
      await orders.actions.ask(id, writer, "Is the rye loaf sourdough too, or made with yeast? It changes the story.");
    }
    if ((demo.state === "delivered" || demo.state === "completed") && (await status()) === "in_progress") {
      await orders.actions.deliver(id, writer, await demoResultFiles(), "First version");
    }
    if (demo.state === "completed" && (await status()) === "delivered") await orders.actions.accept(id, customer);
  }
  await ensureDemoDeliverables(orders, DEMO_ORDER, { customer, writer, manager: { id: managerId, role: "manager" } });
}
