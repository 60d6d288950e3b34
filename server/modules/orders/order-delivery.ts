import { randomUUID } from "node:crypto";
import { DAY_MS } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { asResultFile, storeFile, type Delivery, type ResultFile, type StoredFile } from "./order-files";
import { scheduleReview } from "./order-jobs";
import { applies, moveOrder, TRANSITIONS, type Actor } from "./order-lifecycle";
import { discardFiles, fileRows, withFiles } from "./order-stored-files";
import type { OrderWorkDeps } from "./order-work-deps";

export interface DeliveredVersion {
  version: number;
  files: ResultFile[];
}

/** Staff deliver a version of the work: its files into storage, the version and its review window in the database. */
export interface OrderDelivery {
  /** Staff: in_progress/revision_requested → delivered with a new version of one or more files; the review window opens. */
  deliver(orderId: string, actor: Actor, files: Delivery[], note?: string): Promise<DeliveredVersion>;
  /** The same with files already in storage (streamed there by an upload); the caller removes them if this fails. */
  deliverStored(orderId: string, actor: Actor, stored: StoredFile[], note?: string): Promise<DeliveredVersion>;
  /** Refuses (404, 403, 409) before any byte of an upload is read when `actor` could not deliver this order now. */
  assertCanDeliver(orderId: string, actor: Actor): Promise<void>;
  /** Streams one result file into storage under the order's results (hashing it on the way). */
  storeResult(orderId: string, delivery: Delivery): Promise<StoredFile>;
  /** Removes stored files that will not be used (an upload refused half-way). */
  discard(stored: StoredFile[]): Promise<void>;
}

type DeliveryDeps = Pick<
  OrderWorkDeps,
  "db" | "orders" | "repository" | "effects" | "jobs" | "storage" | "clock" | "reviewDays"
>;

export function createOrderDelivery(deps: DeliveryDeps): OrderDelivery {
  return {
    deliver: (orderId, actor, files, note = "") =>
      withFiles(deps.storage, `results/${orderId}`, files, (stored) =>
        deliverStored(deps, orderId, actor, stored, note),
      ),
    deliverStored: (orderId, actor, stored, note = "") => deliverStored(deps, orderId, actor, stored, note),
    assertCanDeliver: (orderId, actor) => assertCanDeliver(deps, orderId, actor),
    storeResult: (orderId, delivery) => storeFile(deps.storage, `results/${orderId}`, delivery),
    discard: (stored) => discardFiles(deps.storage, stored),
  };
}

export function deliverStored(
  deps: DeliveryDeps,
  orderId: string,
  actor: Actor,
  stored: StoredFile[],
  note: string,
): Promise<DeliveredVersion> {
  const { repository, effects } = deps;
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const at = deps.clock.now();
    const reviewEnds = new Date(at.getTime() + deps.reviewDays * DAY_MS);
    const number = (await repository.lastVersionNumber(order.id, trx)) + 1;
    const versionId = randomUUID();
    const rows = fileRows(order.id, stored, { version_id: versionId }, at.toISOString());
    const changes = { delivered_at: at.toISOString(), review_ends_at: reviewEnds.toISOString() };
    await moveOrder(trx, order, "deliver", actor, { now: at, note, changes });
    await repository.insertVersion(
      { id: versionId, order_id: order.id, number, note, created_by: actor.id, created_at: at.toISOString() },
      rows,
      trx,
    );
    await scheduleReview(deps.jobs, trx, {
      orderId: order.id,
      version: number,
      at,
      reviewEnds,
      reviewDays: deps.reviewDays,
    });
    await effects.customerMail(trx, order, "delivered", { version: number });
    const files = rows.map((row) => ({ fileName: row.file_name, size: Number(row.size), sha256: row.sha256 }));
    await effects.audit(trx, actor, "deliver", order, { status: "delivered", version: number }, { files });
    return { version: number, files: rows.map(asResultFile) };
  });
}

export async function assertCanDeliver(deps: DeliveryDeps, orderId: string, actor: Actor): Promise<void> {
  const order = await deps.orders.visible(deps.db, orderId, actor);
  if (!TRANSITIONS.deliver.who.includes(actor.role)) throw DomainError.forbidden();
  if (!applies("deliver", order, deps.clock.now()))
    throw DomainError.conflict("orders.wrongStatus", { status: order.status });
}
