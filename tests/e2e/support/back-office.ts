import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import type { StaffRoleName } from "../../../contract/staff";
import { articleBrief, orderBody, seoBrief } from "../../../server/test/orders-test-support";
import { placeOrder, register, topUp, type Customer } from "../../support/shop";
import { open, visitor, watchErrors } from "../storefront-support";
import { type E2eStaff, signInStaff } from "./staff";
import { E2E_WAIT_MS } from "./waits";
import type { RunningServer } from "./server";

type Store = { readonly server: RunningServer };

/**
 * A back-office tab at `size` (1440×900 unless said), signed in as a new member of staff of `role` in `locale`: its
 * context, page, the page's errors, the staff member and their bearer token for API steps.
 */
export async function backOfficeTab(
  store: Store & { readonly browser: Browser },
  locale: "en" | "es",
  role: StaffRoleName = "admin",
  size = { width: 1440, height: 900 },
): Promise<{ context: Awaited<ReturnType<typeof visitor>>; page: Page; errors: string[]; staff: E2eStaff; token: string }> {
  const context = await visitor(store.browser);
  const page = await context.newPage();
  await page.setViewportSize(size);
  page.setDefaultTimeout(E2E_WAIT_MS);
  const errors = watchErrors(page);
  const staff = await signInStaff(page, store, role, { locale });
  const token = await page.evaluate(() => window.localStorage.getItem("jwtToken") ?? window.sessionStorage.getItem("jwtToken") ?? "");
  return { context, page, errors, staff, token };
}

const webBrief = { business: "Demo Bakery SL", offer: "Sourdough loaves and rye bread baked every morning in Madrid.", audience: "Neighbours and cafés", pages: 4, tone: "friendly" };
/** Five deliverables an order: two services and a bundle of three. */
const FIVE = [
  { productId: "article-forge" as const, brief: articleBrief },
  { productId: "seo-layer" as const, brief: seoBrief },
  { productId: "full-site-and-content-pack" as const, brief: { "web-copycraft": webBrief, "article-forge": articleBrief, "seo-layer": seoBrief } },
];

/** A new customer who ordered five deliverables twice: ten rows of paid, unassigned work (and the customer). */
export async function tenDeliverables(store: Store): Promise<{ numbers: string[]; customer: Customer }> {
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 1200, 2);
  const numbers: string[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await placeOrder(store.server.url, customer.accessToken, undefined, orderBody(FIVE));
    if (placed.status !== 200) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
    numbers.push(placed.body.number);
  }
  return { numbers, customer };
}

/** The queue's row count, once the page has settled on `url`. */
export async function queueRows(page: Page, url: string): Promise<number> {
  await open(page, url);
  await page.getByTestId("queue-row").first().or(page.getByTestId("queue-empty")).waitFor();
  return page.getByTestId("queue-row").count();
}

const root = path.resolve(import.meta.dirname, "../../..");
type Catalogue = { [key: string]: string | Catalogue };

/**
 * What a page says in `locale`, read from the app's own message catalogues (app/locales/<locale>/<namespace>.json):
 * `words("es", "admin-orders")("take.label", { number: "SC-000001" })`. A test then follows the copy, not a copy of it.
 */
export function words(locale: "en" | "es", namespace: string): (key: string, values?: Record<string, string | number>) => string {
  const catalogue = JSON.parse(readFileSync(path.join(root, "app", "locales", locale, `${namespace}.json`), "utf8")) as Catalogue;
  return (key, values = {}) => {
    const plural = typeof values.count === "number" ? (values.count === 1 ? "_one" : "_other") : "";
    const found = [`${key}${plural}`, key].map((name) => name.split(".").reduce<string | Catalogue | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), catalogue)).find((value) => typeof value === "string");
    if (typeof found !== "string") throw new Error(`no message ${namespace}:${key} in ${locale}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ""));
  };
}
