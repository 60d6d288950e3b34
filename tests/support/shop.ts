// What a customer or staff member does, over HTTP against any base URL (a store, one instance or the cluster's
// proxy): the one order helper of the e2e journeys, the benches and the cluster.
import { randomUUID } from "node:crypto";
import { totpCode } from "../../server/modules/staff/totp";
import type { UntypedJson } from "../../server/test/untyped-json";
import { orderBody as orderRequest } from "../../server/test/orders-test-support";

export interface Answer<T = UntypedJson> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = UntypedJson>(base: string, pathname: string, options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(base + pathname, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" || options.body instanceof Uint8Array ? (options.body as BodyInit) : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text;
  return { status: response.status, headers: response.headers, body: (json ? JSON.parse(text) : text) as T };
}

export const PASSWORD = "cluster-customer-password-7";

/** The one valid order (an article, in euros) the API tests place too, and the billing details it carries. */
export const orderBody = orderRequest();
const { orderFormData: _items, currency: _currency, ...billingDetails } = orderBody;
export const billing = billingDetails;

export interface Customer {
  email: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs up a new customer; the answer carries its first token pair. */
export async function register(base: string): Promise<Customer> {
  const email = `buyer-${randomUUID().slice(0, 12)}@cluster.test`;
  const answer = await call(base, "/api/Accounts/register", {
    body: { firstName: "Ada", lastName: "Lovelace", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true },
  });
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { email, ...answer.body };
}

export async function login(base: string, email: string, password: string): Promise<Answer> {
  return call(base, "/api/Accounts/login", { body: { email, password } });
}

/**
 * A staff token through the back office's sign-in: the password, then a TOTP code (enrolling the second factor on the
 * first sign-in, from the secret the enrolment step shows). A code works once per 30-second step: sign in once and
 * keep the token.
 */
export async function staffSignIn(base: string, email: string, password: string): Promise<string> {
  const first = await call(base, "/api/admin/auth/sign-in", { body: { email, password } });
  if (first.status !== 200) throw new Error(`staff sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const { step, challenge, enrolment } = first.body as { step: "code" | "enrol"; challenge: string; enrolment?: { secret: string } };
  if (step !== "enrol" || !enrolment) throw new Error("staff sign-in: this helper enrols a new admin; keep its token instead of signing in again");
  const done = await call(base, "/api/admin/auth/enrol", { body: { challenge, code: totpCode(enrolment.secret, Date.now()) } });
  if (done.status !== 200) throw new Error(`staff enrolment: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.accessToken as string;
}

/** Tops up the balance through the sandbox checkout (deposit, then pay), `amount` in major units per deposit. */
export async function topUp(base: string, token: string, amount: number, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const deposit = await call(base, "/api/balance/deposit", { token, body: { ...billing, depositAmount: amount, currency: "EUR" } });
    if (deposit.status !== 200) throw new Error(`deposit: ${deposit.status} ${JSON.stringify(deposit.body)}`);
    const paid = await call(base, `/api/payments/sandbox/${deposit.body.depositId}/complete`, { token, body: { outcome: "paid" } });
    if (paid.body.status !== "paid") throw new Error(`sandbox payment: ${paid.status} ${JSON.stringify(paid.body)}`);
  }
}

export async function balance(base: string, token: string): Promise<number> {
  return (await call(base, "/api/balance", { token, body: { currency: "EUR" } })).body.balance;
}

/** POST /api/orders: `body` (the one valid order unless given), once per `idempotencyKey` when one is given. */
export const placeOrder = (base: string, token: string, idempotencyKey?: string, body: unknown = orderBody) =>
  call(base, "/api/orders", { token, body, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} });
