import { randomUUID } from "node:crypto";
import { registerRequestSchema, type RegisterRequest } from "../../contract/accounts";
import { staffSession } from "./staff";
import type { TestStore } from "./test-store";

export interface TestCustomer {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
}

export const TEST_PASSWORD = "quiet-lantern-harbour-42";

/**
 * A new signed-in customer with a unique email, made in-process (no HTTP, no rate limit). `overrides` may set any
 * register field; a given `password` is repeated automatically.
 */
export async function registerCustomer(store: TestStore, overrides: Partial<RegisterRequest> = {}): Promise<TestCustomer> {
  const password = overrides.password ?? TEST_PASSWORD;
  const input = registerRequestSchema.parse({
    firstName: "Test",
    lastName: "Customer",
    email: `customer-${randomUUID()}@example.com`,
    country: "ES",
    agreedToPrivacyPolicy: true,
    ...overrides,
    password,
    repeatedPassword: overrides.repeatedPassword ?? password,
  });
  const { accessToken, refreshToken, userId } = await store.services.accounts.register(input, "en");
  return { email: input.email, password, accessToken, refreshToken, userId };
}

/** A new customer with `minor` euro cents on their balance (a balance adjustment in the ledger). */
export async function fundedCustomer(store: TestStore, minor: number): Promise<TestCustomer> {
  const customer = await registerCustomer(store);
  await store.services.transaction((trx) =>
    store.services.wallet.credit(trx, { userId: customer.userId, currency: "EUR", amount: minor, kind: "adjustment", reference: "test" }),
  );
  return customer;
}

/** A signed-in admin, for back-office tests (server/test/staff.ts `staffSession` gives any role). */
export async function registerStaff(store: TestStore): Promise<TestCustomer> {
  const { email, password, accessToken, refreshToken, userId } = await staffSession(store, "admin");
  return { email, password, accessToken, refreshToken, userId };
}
