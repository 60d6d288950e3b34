import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { PlaceOrderResponse } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { OrdersRepository } from "./orders.repository";

/** A placing's `Idempotency-Key` and the hash of the body it came with. */
export type Idempotency = { key: string; hash: string };

export function idempotencyOf(key: string | undefined, body: unknown): Idempotency | undefined {
  return key ? { key, hash: createHash("sha256").update(JSON.stringify(body)).digest("hex") } : undefined;
}

/** The stored answer for this key, or null; the same key with another body is a 409. */
export async function replay(repository: OrdersRepository, userId: string, idempotency: Idempotency): Promise<PlaceOrderResponse | null> {
  const stored = await repository.findIdempotent(userId, idempotency.key);
  if (!stored) return null;
  if (stored.request_hash !== idempotency.hash) throw DomainError.conflict("orders.idempotencyKeyReused");
  return JSON.parse(stored.response_json) as PlaceOrderResponse;
}

/** Keeps the first successful answer for the key, in the placing transaction (a refused request keeps none). */
export async function keepAnswer(
  repository: OrdersRepository,
  trx: Kysely<Database>,
  userId: string,
  idempotency: Idempotency,
  answer: PlaceOrderResponse,
  at: string,
): Promise<void> {
  const row = { user_id: userId, key: idempotency.key, request_hash: idempotency.hash, response_json: JSON.stringify(answer), created_at: at };
  await repository.saveIdempotent(row, trx);
}
