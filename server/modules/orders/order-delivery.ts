import { randomUUID } from "node:crypto";
import { DAY_MS } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { asResultFile, storeFile, type Delivery, type ResultFile, type StoredFile } from "./order-files";
import { scheduleReview } from "./order-jobs";
import { workOf, type WorkRow } from "./deliverables.repository";
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
  deliver(orderId: string, actor: Actor, files: Delivery[], note?: string, n?: number): Promise<DeliveredVersion>;
  /**
   * The same with files already in storage (streamed there by an upload); the caller removes them if this fails.
   * Delivers deliverable `n`, or (the order-level route of before) each deliverable awaiting a delivery.
   */
  deliverStored(orderId: string, actor: Actor, stored: StoredFile[], note?: string, n?: number): Promise<DeliveredVersion>;
  /** Refuses (404, 403, 409) before any byte of an upload is read when `actor` could not deliver this now. */
  assertCanDeliver(orderId: string, actor: Actor, n?: number): Promise<void>;
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
    deliver: (orderId, actor, files, note = "", n) =>
      withFiles(deps.storage, `results/${orderId}`, files, (stored) => deliverStored(deps, orderId, actor, stored, note, n)),
    deliverStored: (orderId, actor, stored, note = "", n) => deliverStored(deps, orderId, actor, stored, note, n),
    assertCanDeliver: (orderId, actor, n) => assertCanDeliver(deps, orderId, actor, n),
    storeResult: (orderId, delivery) => storeFile(deps.storage, `results/${orderId}`, delivery),
    discard: (stored) => discardFiles(deps.storage, stored),
  };
}

export async function deliverStored(
  deps: DeliveryDeps,
  orderId: string,
  actor: Actor,
  stored: StoredFile[],
  note: string,
  n?: number,
): Promise<DeliveredVersion> {
  const { repository, effects } = deps;
  const target = (await deliveryTarget(deps, orderId, actor, n)).n;
  const versions = await deps.orders.runWork(orderId, target, actor, "deliver", async (trx, work) => {
    const at = deps.clock.now();
    const reviewEnds = new Date(at.getTime() + deps.reviewDays * DAY_MS);
    // Version numbers are unique per order; a deliverable's own versions are shown in the order they came.
    const number = (await repository.lastVersionNumber(work.id, trx)) + 1;
    const versionId = randomUUID();
    const rows = fileRows(work.id, stored, { version_id: versionId, deliverable_id: work.deliverable_id }, at.toISOString());
    const changes = { delivered_at: at.toISOString(), review_ends_at: reviewEnds.toISOString() };
    await moveOrder(trx, work, "deliver", actor, { now: at, note, changes });
    await repository.insertVersion(
      { id: versionId, order_id: work.id, deliverable_id: work.deliverable_id, number, note, created_by: actor.id, created_at: at.toISOString() },
      rows,
      trx,
    );
    await scheduleReview(deps.jobs, trx, { orderId: work.id, deliverableId: work.deliverable_id, version: number, at, reviewEnds, reviewDays: deps.reviewDays });
    // The mail states the promises this delivery runs on: the review window's end (REVIEW_DAYS) and the rounds left.
    const promises = { date: reviewEnds.toISOString(), rounds: Math.max(0, work.revision_rounds - work.revisions_used), days: work.revision_days };
    await effects.customerMail(trx, work, "delivered", { version: number, ...promises });
    const files = rows.map((row) => ({ fileName: row.file_name, size: Number(row.size), sha256: row.sha256 }));
    await effects.audit(trx, actor, "deliver", work, { status: "delivered", version: number }, { files });
    return { version: number, files: rows.map(asResultFile) };
  });
  const [first] = versions;
  if (!first) throw DomainError.notFound();
  return first;
}

export async function assertCanDeliver(deps: DeliveryDeps, orderId: string, actor: Actor, n?: number): Promise<void> {
  const work = await deliveryTarget(deps, orderId, actor, n);
  if (!applies("deliver", work, deps.clock.now())) throw DomainError.conflict("orders.wrongStatus", { status: work.status });
}

const CLOSED: readonly string[] = ["completed", "cancelled"];

/**
 * The deliverable a delivery goes to: `n`, or for the order-level routes (no `n`) the one open deliverable the caller
 * works on (a writer: their own). One set of files is one piece of work, so with several open a delivery must name
 * its deliverable: 400 under `deliverable`. With none open, the first, so that its refusal (409) is the answer.
 */
async function deliveryTarget(deps: DeliveryDeps, orderId: string, actor: Actor, n: number | undefined): Promise<WorkRow> {
  const order = await deps.orders.visible(deps.db, orderId, actor);
  if (!TRANSITIONS.deliver.who.includes(actor.role)) throw DomainError.forbidden();
  const works = (await workOf(deps.db, order)).filter((work) => actor.role !== "writer" || work.assigned_to === actor.id);
  if (n !== undefined) {
    const named = works.find((work) => work.n === n);
    if (!named) throw DomainError.notFound();
    return named;
  }
  const open = works.filter((work) => !CLOSED.includes(work.status));
  if (open.length > 1) {
    throw DomainError.field("deliverable", "adminOrders.deliverableNeeded", {
      count: open.length,
      deliverables: open.map((work) => work.n).join(", "),
    });
  }
  const [only = works[0]] = open;
  if (!only) throw DomainError.notFound();
  return only;
}
