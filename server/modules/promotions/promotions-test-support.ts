import { expect } from "vitest";
import type { PromotionCodeRequest } from "../../../contract/promotions";
import type { TestCustomer } from "../../test/orders-test-support";
import type { TestStore } from "../../test/test-store";

/** A code's request with every rule open: 10 % off everything from 2026-01-01, no end, no cap. */
export function codeRequest(code: string, overrides: Partial<PromotionCodeRequest> = {}): PromotionCodeRequest {
  return { code, percent: 10, startsAt: "2026-01-01T00:00:00.000Z", ...overrides };
}

/** Creates a code as `manager` and answers it as the back office sees it. */
export async function createCode(store: TestStore, manager: TestCustomer, code: string, overrides: Partial<PromotionCodeRequest> = {}) {
  const answer = await store.post("/api/admin/promotion-codes", codeRequest(code, overrides), { token: manager.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string; code: string; uses: number };
}
