import type { PlaceOrderInput } from "./modules/orders";
import type { DemoDeps } from "./demo-deps";
import { demoResultFiles } from "./demo-result";

type DemoActor = { id: string; role: "customer" | "writer" | "manager" };
export interface DemoActors {
  customer: DemoActor;
  writer: DemoActor;
  manager: DemoActor;
}

const ARTICLE = {
  topic: "Our flour, from the mill to the loaf",
  audience: "Home bakers who buy our bread",
  tone: "friendly",
  length: "1500",
  keywords: ["flour", "stone mill"],
};
const SEO = { website: "https://bakery.example", keywords: ["bakery madrid", "sourdough madrid"], market: "local" };
const WEB = {
  business: "Demo Bakery SL",
  offer: "Sourdough loaves, rye bread and pastries baked every morning in Madrid, from stone-milled flour.",
  audience: "Neighbours and cafés in Madrid",
  pages: 4,
  tone: "friendly",
};

/**
 * The demo's orders of several deliverables, each brought to a mix of states through the real moves (so the ledger,
 * events and credit notes agree): a bundle of three (one paid, one in progress, one delivered), a bundle of two (one
 * completed, one with a revision asked) and two services (one cancelled with its share refunded, one in progress with
 * a goodwill credit). Each move is made only from the state before, so a restart adds nothing twice.
 */
const DEMO_DELIVERABLE_ORDERS: ReadonlyArray<{
  key: string;
  items: PlaceOrderInput["orderFormData"];
  moves: readonly DemoMove[];
}> = [
  {
    key: "demo-order-bundle",
    items: [
      {
        productId: "full-site-and-content-pack",
        brief: { "web-copycraft": WEB, "article-forge": ARTICLE, "seo-layer": SEO },
      },
    ],
    moves: [
      { n: 2, to: "in_progress" },
      { n: 3, to: "delivered" },
    ],
  },
  {
    key: "demo-order-revision",
    items: [
      {
        productId: "growth-and-visibility-pack",
        brief: { "seo-layer": SEO, "article-forge": { ...ARTICLE, topic: "Five breads for a long weekend" } },
      },
    ],
    moves: [
      { n: 1, to: "completed" },
      { n: 2, to: "revision_requested" },
    ],
  },
  {
    key: "demo-order-refund",
    items: [
      { productId: "article-forge", brief: { ...ARTICLE, topic: "Christmas opening hours" } },
      { productId: "seo-layer", brief: SEO },
    ],
    moves: [
      { n: 1, to: "cancelled" },
      { n: 2, to: "credited" },
    ],
  },
];

type DemoMove = {
  n: number;
  to: "in_progress" | "delivered" | "completed" | "revision_requested" | "cancelled" | "credited";
};

export async function ensureDemoDeliverables(
  orders: DemoDeps["orders"],
  base: PlaceOrderInput,
  actors: DemoActors,
): Promise<void> {
  for (const demo of DEMO_DELIVERABLE_ORDERS) {
    const { id } = await orders.place(
      actors.customer.id,
      { ...base, orderFormData: demo.items },
      { locale: "en", idempotencyKey: demo.key },
    );
    for (const move of demo.moves) await bringTo(orders, id, move, actors);
  }
}

async function bringTo(
  orders: DemoDeps["orders"],
  id: string,
  { n, to }: DemoMove,
  { customer, writer, manager }: DemoActors,
): Promise<void> {
  const state = async () => (await orders.detail(id, customer)).deliverables.find((d) => d.n === n);
  if (to === "cancelled") {
    if ((await state())?.status === "paid")
      await orders.actions.staffCancel(id, manager, "The customer's event was called off.", undefined, n);
    return;
  }
  if ((await state())?.status === "paid") await orders.actions.start(id, writer, undefined, n);
  if (to === "credited") {
    if ((await state())?.credited === 0)
      await orders.actions.credit(id, manager, n, 2_000, "The keyword research came in two days late.");
    return;
  }
  if (to === "in_progress") return;
  if ((await state())?.status === "in_progress")
    await orders.actions.deliver(id, writer, await demoResultFiles(), "First version", n);
  if (to === "completed" && (await state())?.status === "delivered") await orders.actions.accept(id, customer, n);
  if (to === "revision_requested" && (await state())?.status === "delivered") {
    await orders.actions.requestRevision(id, customer, "Please add a paragraph about our rye starter.", n);
  }
}
