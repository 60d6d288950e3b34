// The steady load of the fault scenarios (scripts/cluster/faults.ts): pages, signed-in requests (profile and token
// refresh) and order POSTs with and without an Idempotency-Key from a few customers, plus result downloads when one
// is given. Every request by fetch with an explicit timeout; every answer kept with when it was asked and answered.
import { randomUUID } from "node:crypto";
import { billing, orderBody, PASSWORD, type Customer } from "../../tests/support/shop";

/** `refresh` and `order` are POSTs without an Idempotency-Key: nginx never repeats them on another instance. */
export type Kind = "page" | "signed-in" | "refresh" | "order" | "keyed order" | "download";

export interface Outcome {
  kind: Kind;
  /** The HTTP status, or 0 when the client gave up (timeout) or the connection failed. */
  status: number;
  startedAt: number;
  endedAt: number;
  /** Status 0: why (the fetch error's cause code, e.g. ECONNRESET, or the timeout), so a failed row says what failed. */
  error?: string;
  /** An order POST answered 200: the order's number. */
  number?: string;
}

/** A customer of the load with an address of its own (X-Forwarded-For): rate limits count per client address. */
export interface LoadCustomer extends Customer {
  ip: string;
}

export interface LoadOptions {
  customers: LoadCustomer[];
  /** A delivered order whose result the download worker fetches. */
  download?: { token: string; orderId: string };
  timeoutMs?: number;
  /** Pause between one customer's orders. */
  orderPauseMs?: number;
}

const PAGES = ["/", "/es/services", "/services/article-forge", "/healthz"];

let clients = 0;
/** A client address of its own for each simulated client (10.x.y.z), sent as X-Forwarded-For (the cluster trusts its proxy). */
export function nextClientIp(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** Set-up calls are not measured: a generous deadline, so a busy machine slows the set-up rather than failing it. */
const SETUP_TIMEOUT_MS = 60_000;

/** A new customer with a deep balance (the fault cluster raises DEPOSIT_MAX), so no order of the run is refused for money. */
export async function richCustomer(base: string): Promise<LoadCustomer> {
  const ip = nextClientIp();
  const email = `faults-${randomUUID().slice(0, 12)}@cluster.test`;
  const account = { firstName: "Ada", lastName: "Lovelace", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true };
  const registered = await timedCall(base, "/api/Accounts/register", { body: account, ip, timeoutMs: SETUP_TIMEOUT_MS });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = registered.body.accessToken as string;
  const deposit = await timedCall(base, "/api/balance/deposit", { body: { ...billing, depositAmount: 1_000_000, currency: "EUR" }, token, ip, timeoutMs: SETUP_TIMEOUT_MS });
  if (deposit.status !== 200) throw new Error(`deposit: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const paid = await timedCall(base, `/api/payments/sandbox/${deposit.body.depositId}/complete`, { body: { outcome: "paid" }, token, ip, timeoutMs: SETUP_TIMEOUT_MS });
  if (paid.body?.status !== "paid") throw new Error(`sandbox payment: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { email, accessToken: token, refreshToken: registered.body.refreshToken, ip };
}

/** One request with a deadline: the status (0 for a timeout or a failed connection) and the parsed JSON body, if any. */
// biome-ignore lint/suspicious/noExplicitAny: JSON of many shapes; callers read the fields they asked for.
type Json = any;

export async function timedCall(base: string, pathname: string, init: { method?: string; body?: unknown; token?: string; key?: string; ip?: string; timeoutMs: number }) {
  const headers: Record<string, string> = {};
  if (init.ip) headers["x-forwarded-for"] = init.ip;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers["idempotency-key"] = init.key;
  try {
    const response = await fetch(base + pathname, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    const text = await response.text();
    const json = (response.headers.get("content-type") ?? "").includes("json") && text ? JSON.parse(text) : undefined;
    return { status: response.status, body: json as Json };
  } catch (error) {
    return { status: 0, body: undefined as Json, error: failureOf(error) };
  }
}

/** A failed fetch's reason: undici puts the socket's error code in `cause`; a timeout is a TimeoutError. */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return [error.name, cause?.code ?? cause?.message ?? error.message].filter(Boolean).join(": ");
}

/** Each signed-in session renews its token this often: 20 refreshes a minute per address, a third of the limit. */
const REFRESH_EVERY_MS = 3_000;

export function faultLoad(base: string, options: LoadOptions): { outcomes: Outcome[]; stop(): Promise<Outcome[]> } {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const outcomes: Outcome[] = [];
  let running = true;
  const record = async (kind: Kind, request: () => Promise<{ status: number; body: Json; error?: string }>) => {
    const startedAt = Date.now();
    const answer = await request();
    const outcome: Outcome = { kind, status: answer.status, startedAt, endedAt: Date.now(), ...(answer.error ? { error: answer.error } : {}) };
    if (kind.endsWith("order") && answer.status === 200) outcome.number = answer.body?.number;
    outcomes.push(outcome);
    return answer;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const pages = async (offset: number) => {
    const ip = nextClientIp();
    for (let i = offset; running; i++) await record("page", () => timedCall(base, PAGES[i % PAGES.length] ?? "/", { ip, timeoutMs }));
  };
  const signedIn = async () => {
    const sessions = options.customers.map((customer) => ({ ...customer, refreshedAt: Date.now() }));
    for (let i = 0; running; i++) {
      const session = sessions[i % sessions.length];
      if (!session) return;
      // A session refreshes on a clock, not every n-th request: when an outage answers 503 at once the loop spins
      // faster, and a refresh every 5th request then passed the store's own limit (60 a minute per address) and
      // counted as 429s in the PostgreSQL and S3 rows. A real client refreshes when its token nears its end.
      if (Date.now() - session.refreshedAt >= REFRESH_EVERY_MS) {
        session.refreshedAt = Date.now();
        const renewed = await record("refresh", () => timedCall(base, "/api/Accounts/refresh", { body: { refreshToken: session.refreshToken }, ip: session.ip, timeoutMs }));
        if (renewed.status === 200) Object.assign(session, { accessToken: renewed.body.accessToken, refreshToken: renewed.body.refreshToken });
      } else {
        await record("signed-in", () => timedCall(base, "/api/Accounts/profile", { token: session.accessToken, ip: session.ip, timeoutMs }));
      }
      await pause(20);
    }
  };
  const orders = async (customer: LoadCustomer) => {
    for (let i = 0; running; i++) {
      const key = i % 2 === 0 ? randomUUID() : undefined;
      await record(key ? "keyed order" : "order", () => timedCall(base, "/api/orders", { body: orderBody, token: customer.accessToken, key, ip: customer.ip, timeoutMs }));
      await pause(options.orderPauseMs ?? 100);
    }
  };
  const downloads = async (download: { token: string; orderId: string }) => {
    for (; running; ) {
      await record("download", async () => {
        const answer = await timedCall(base, `/api/orders/${download.orderId}/result`, { token: download.token, timeoutMs });
        return answer;
      });
      await pause(100);
    }
  };

  const loops = [pages(0), pages(1), signedIn(), ...options.customers.map(orders), ...(options.download ? [downloads(options.download)] : [])];
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}
