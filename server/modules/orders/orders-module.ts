import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { orderBriefSchema } from "../../../contract/briefs";
import type { ProductId, ServiceId } from "../../../contract/catalog";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { refundedOf } from "./order-refunds";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { StoreMetrics } from "../../platform/metrics";
import type { AuditSink } from "../../platform/staff-action";
import { createTransactionOpener } from "../../platform/transactions";
import type { CatalogService } from "../catalog";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { FileStorage } from "../storage";
import type { DepositService, WalletService } from "../wallet";
import { createCustomerOrders } from "./customer-orders";
import { createCustomerOrderFacts } from "./customer-facts.repository";
import { createOrderAccess } from "./order-access";
import { createRushOffer } from "./rush-capacity";
import { DEFAULT_RUSH_CAPACITY } from "./paid-deliverables";
import { createOrderActions } from "./order-actions";
import { createOrdersDashboard } from "./order-dashboard.repository";
import { DEFAULT_ATTACHMENT_TYPES } from "./order-files";
import { registerOrderJobs } from "./order-jobs";
import { registerSearchIndexJob } from "./order-search-index";
import { createOrderLookup } from "./order-lookup";
import { createFavouriteWriters } from "./favourite-writers";
import { createOrderHandOver } from "./order-handover";
import { createOrderMoveEffects } from "./order-move-effects";
import { createOrderQueue } from "./order-queue.repository";
import type { UploadRules } from "./order-staff-view";
import { activeStaff, deliverAsAdmin, orderAuditWriter, recordExport } from "./order-staff-tools";
import { createOrderTransaction } from "./order-transaction";
import type { OrderWorkDeps } from "./order-work-deps";
import { createOrdersRepository } from "./orders.repository";
import type { OrdersService } from "./orders.service";
import type { People, PromotionCheckout, StaffDirectory, StaffNotifier } from "./orders-ports";
import { createPayTheDifference } from "./pay-the-difference";
import { createPendingCheckouts } from "./pending-checkouts.repository";
import { placeOrder, type PlaceOrderDeps } from "./place-order";
import { createStaffFileLinks } from "./staff-file-links";
import { quoteCart } from "./order-pricing";
import { renamePerson } from "./order-sort-keys";

export interface OrdersModuleDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  wallet: WalletService;
  /** Deposits that pay an order's shortfall ("pay the difference", pay-the-difference.ts). */
  deposits: DepositService;
  mail: MailService;
  /** Issues the invoice of each order and the credit note of each refund, in the transaction that moves the money. */
  documents: DocumentsService;
  storage: FileStorage;
  jobs: JobRunner;
  clock?: Clock;
  metrics?: Pick<StoreMetrics, "orderPlaced">;
  publicUrl: string;
  /** Where mail for staff goes when no writer is assigned. */
  staffEmail: string;
  /** The review window of a delivery in days (REVIEW_DAYS). */
  reviewDays?: number;
  /** The on-time guarantee: percent of a late deliverable's price credited to its buyer (ON_TIME_CREDIT_PERCENT, default 10; 0: off). */
  onTimeCreditPercent?: number;
  /** Support tickets still open, for the dashboard. */
  ticketsOpen?: () => Promise<number>;
  /** Result uploads: UPLOAD_LIMIT_BYTES, UPLOAD_ALLOWED_TYPES and the most files per version. */
  upload?: UploadRules;
  /** Writers see and take unassigned paid orders from a pool (WRITER_POOL, default on). */
  writerPool?: boolean;
  /** Where every staff action is audited: each move on an order in its own transaction, and the CSV export. */
  staffAudit?: AuditSink;
  /** File types (extensions) a message may carry: ATTACHMENT_ALLOWED_TYPES. */
  attachmentTypes?: readonly string[];
  /** Names and e-mails of customers and staff (the accounts module's directory). */
  people: People;
  /** Who may be given an order (the staff module). */
  staffDirectory: StaffDirectory;
  /** Tells staff about new work, answers, revisions and work at risk (the notifications module's port). */
  notifier?: StaffNotifier;
  /** Promotion codes on orders and in the price list (the promotions module's port). */
  promotions?: PromotionCheckout;
  /** Rush deliveries one day may be due on (RUSH_CAPACITY_PER_DAY, default 5). */
  rushCapacity?: number;
  /** Signs staff's short-lived file links (the server's JWT secret; a random one per process when left out). */
  fileLinkSecret?: string;
}

/** ON_TIME_CREDIT_PERCENT's default (issue 28). */
export const DEFAULT_ON_TIME_CREDIT_PERCENT = 10;

const DEFAULT_UPLOAD: UploadRules = {
  limitBytes: 100 * 1024 * 1024,
  allowedTypes: ["pdf", "docx", "txt"],
  maxFiles: 10,
};

/**
 * The orders domain wired once: placing (place-order.ts) apart from the work on an order (order-actions.ts and its
 * use cases), the reads (order-lookup.ts, customer-orders.ts) and the back office's queue and dashboard, all over one
 * repository (reads and writes) and one access policy. Registers the order jobs with the runner.
 */
export function createOrdersModule(deps: OrdersModuleDeps): OrdersService {
  const { db, catalog, wallet, jobs, people } = deps;
  const clock = deps.clock ?? systemClock;
  const repository = createOrdersRepository(db);
  const transaction = createTransactionOpener(db);
  const access = createOrderAccess({ writerPool: deps.writerPool ?? true });
  const work: OrderWorkDeps = {
    db,
    repository,
    transaction,
    access,
    jobs,
    clock,
    orders: createOrderTransaction({ transaction, access, clock }),
    effects: createOrderMoveEffects({ ...deps, clock, audit: orderAuditWriter(deps.staffAudit) }),
    storage: deps.storage,
    reviewDays: deps.reviewDays ?? 7,
    onTimeCreditPercent: deps.onTimeCreditPercent ?? DEFAULT_ON_TIME_CREDIT_PERCENT,
    staffDirectory: deps.staffDirectory,
    people: deps.people,
    briefSchema: async (productId) =>
      orderBriefSchema(productId as ProductId, (await catalog.servicesOf(productId as ProductId)) as ServiceId[]),
    attachmentTypes: deps.attachmentTypes ?? DEFAULT_ATTACHMENT_TYPES,
  };
  const actions = createOrderActions(work);
  registerOrderJobs(jobs, actions);
  registerSearchIndexJob(jobs, db);
  const placing: PlaceOrderDeps = { ...deps, repository, transaction, clock };
  const upload = deps.upload ?? DEFAULT_UPLOAD;
  const lookup = createOrderLookup({ db, repository, access, clock, people, wallet, upload, staffDirectory: deps.staffDirectory });
  const payTheDifference = createPayTheDifference({ placing, deposits: deps.deposits, pending: createPendingCheckouts(db) });
  // Every confirmation of a paid deposit (sandbox Pay, Stripe webhook) places the order it pays for, once.
  deps.deposits.whenPaid(payTheDifference.complete);
  return {
    place: (userId, input, options) => placeOrder(placing, userId, input, options),
    quoteCode: (userId, code, items, currency, locale) => quoteCart(placing, userId, code, items, currency, locale),
    payTheDifference,
    ...createCustomerOrders({ repository, clock }),
    customerFacts: createCustomerOrderFacts(db),
    ...lookup,
    fileLinks: createStaffFileLinks({
      secret: deps.fileLinkSecret ?? randomBytes(32).toString("base64url"), clock, staffDirectory: deps.staffDirectory, staffFile: actions.staffFile, idFor: lookup.idFor,
    }),
    favourites: createFavouriteWriters(work),
    access,
    actions,
    now: () => clock.now(),
    queue: createOrderQueue(db, access, people, deps.staffDirectory),
    renamePerson,
    handOver: createOrderHandOver({ ...work, notifier: deps.notifier }),
    dashboard: createOrdersDashboard({ db, clock, access, ticketsOpen: deps.ticketsOpen ?? (async () => 0), wallet, people, staff: deps.staffDirectory }),
    upload,
    recordExport: (actor, filters, rows) => recordExport(deps.staffAudit, actor, filters, rows),
    numbersOf: async (ids) => new Map((await repository.numbersOf(ids)).map((row) => [row.id, row.number])),
    refundedOf: (ids) => refundedOf(db, ids),
    staff: () => activeStaff(deps.staffDirectory),
    deliver: (orderId, delivery, n) => deliverAsAdmin({ repository, actions }, orderId, delivery, n),
    rushOffer: createRushOffer(db, clock, deps.rushCapacity ?? DEFAULT_RUSH_CAPACITY),
  };
}
