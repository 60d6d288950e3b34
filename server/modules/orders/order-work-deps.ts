import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Brief } from "../../../contract/briefs";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { TransactionOpener } from "../../platform/transactions";
import type { FileStorage } from "../storage";
import type { OrderAccessPolicy } from "./order-access";
import type { OrderMoveEffects } from "./order-move-effects";
import type { OrderTransaction } from "./order-transaction";
import type { OrdersRepository } from "./orders.repository";
import type { People, StaffDirectory } from "./orders-ports";

/**
 * What the use cases of an order's work (moves, assignment, messages, deliveries, timed moves) are given: each use
 * case takes the part of it it needs (a `Pick`), so its signature says what it touches.
 */
export interface OrderWorkDeps {
  db: Kysely<Database>;
  repository: OrdersRepository;
  transaction: TransactionOpener;
  /** Reads the order through the access policy inside the use case's transaction. */
  orders: OrderTransaction;
  /** Who sees which order (order-access.ts). */
  access: OrderAccessPolicy;
  /** The mail, refund and audit row a move makes (order-move-effects.ts). */
  effects: OrderMoveEffects;
  jobs: JobRunner;
  storage: FileStorage;
  clock: Clock;
  /** The review window of a delivery in days. */
  reviewDays: number;
  /** The on-time guarantee: percent of a late deliverable's price credited to its buyer (0: off). */
  onTimeCreditPercent: number;
  /** Who may be given an order (the staff module). */
  staffDirectory: StaffDirectory;
  /** Who people are (the accounts module): staff sign their messages to the customer with their name. */
  people: People;
  /** The schema an item's brief must meet (a bundle's: one part per contained service, from the catalog). */
  briefSchema(productId: string): Promise<z.ZodType<Brief>>;
  /** File types (extensions) a message may carry: ATTACHMENT_ALLOWED_TYPES. */
  attachmentTypes: readonly string[];
}
