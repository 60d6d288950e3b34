import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAccountsModule } from "./modules/accounts";
import { createAuditModule } from "./modules/audit";
import { createCartModule } from "./modules/cart";
import { createCatalogModule } from "./modules/catalog";
import { createCustomersModule } from "./modules/customers";
import { createDocumentsModule } from "./modules/documents";
import { createMailModule } from "./modules/mail";
import { createNotificationsModule } from "./modules/notifications";
import { createOrdersModule } from "./modules/orders";
import { createPaymentsModule } from "./modules/payments";
import { createPrivacyModule } from "./modules/privacy";
import { createPromotionsModule } from "./modules/promotions";
import { createStaffModule, type StaffWork } from "./modules/staff";
import { isStaffRole } from "../contract/staff";
import { createBackOfficeSearch } from "./modules/search";
import { createStorageModule } from "./modules/storage";
import { createSupportDeskModule, createSupportModule, ticketReference } from "./modules/support";
import { createWalletModule } from "./modules/wallet";
import { createExpiringStore } from "./platform/expiring-store";
import { createChangeBus, type ChangeBus } from "./platform/change-bus";
import { createMetrics, type Metrics } from "./platform/metrics";
import { ensureDemoData } from "./demo-data";
import { systemClock, type Clock } from "./platform/clock";
import { offsetClock } from "./platform/offset-clock";
import { createJobRunner } from "./platform/jobs/job-runner";
import { createRequestPressure } from "./platform/jobs/request-pressure";
import { jwtSecret } from "./secrets";
import { failureName, isConnectionFailure } from "./platform/unavailable";
import { createTransactionOpener } from "./platform/transactions";

export interface ServiceDeps {
  config: Config;
  db: Db;
  redis: Redis | null;
  /** Tells other instances what changed; one over `redis` unless given. */
  bus?: ChangeBus;
  metrics?: Metrics;
  /** Where every service reads the time; tests pass a manual clock. */
  clock?: Clock;
}

/** The job runner's failures on stderr; the database or another dependency being down is one line, without a stack. */
function logJobError(error: unknown, message: string): void {
  if (isConnectionFailure(error)) console.warn(`${message}: ${failureName(error)}`);
  else console.error(message, error);
}

/** The wall clock, or (CLOCK_OFFSET_FILE, browser tests only) the wall clock moved by the offset in that file. */
function storeClock(config: Config): Clock {
  return config.CLOCK_OFFSET_FILE ? offsetClock(config.CLOCK_OFFSET_FILE) : systemClock;
}

/** Builds every domain service once; modules reach each other only through what is returned here. */
export function createServices({ config, db, redis, bus = createChangeBus(redis), metrics = createMetrics(), clock = storeClock(config) }: ServiceDeps) {
  // One transaction opener for every module: a service of another module joins a transaction through its `trx` argument.
  const transaction = createTransactionOpener(db.kysely);
  const requestPressure = createRequestPressure(); // told of every request (app.ts): rendering waits while they come fast
  const jobs = createJobRunner(db.kysely, db.dialect, { clock, onFailure: (kind, final) => metrics.jobFailed(kind, final), logError: logJobError, pressure: requestPressure });
  metrics.watchJobs(() => jobs.depth());
  // The seller of the invoices signs every mail too: one name and address for the whole store.
  const brand = { name: config.seller.name, publicUrl: config.publicUrl, address: config.seller.address, contact: config.SUPPORT_EMAIL };
  // Invoices, receipts and credit notes are attached to mail by reference and rendered when the mail is (after the commit).
  const { documents, attachmentSources } = createDocumentsModule({ db: db.kysely, seller: config.seller, clock });
  const { mail } = createMailModule({
    db: db.kysely, jobs, transport: config.MAIL_TRANSPORT, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, metrics: metrics.store, brand, clock, attachmentSources,
  });
  metrics.watchQueues(async () => ({ mail: await mail.queued() }));
  const accounts = createAccountsModule({
    db: db.kysely,
    redis,
    mail,
    secret: jwtSecret(config),
    previousSecrets: config.JWT_PREVIOUS_SECRET ? [config.JWT_PREVIOUS_SECRET] : [],
    publicUrl: config.publicUrl,
    clock,
    admin: config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined,
    // The order queue sorts by its own copy of people's names: a new name reaches it in the rename's transaction.
    renamed: (userId, person, trx) => orders.renamePerson(trx, userId, person),
  });
  // Every staff action records its audit row in its own transaction, through `staffAudit` (server/platform/staff-action.ts).
  // The log names orders by number when a page is read, long after `orders` below is built.
  const { audit, staffAudit } = createAuditModule({
    db: db.kysely, people: accounts.people, clock, subjects: { orderNumbers: (ids) => orders.numbersOf(ids), ticketReference },
  });
  const { catalog } = createCatalogModule({ db: db.kysely, bus, audit: staffAudit });
  const { support, ticketsOf } = createSupportModule({ db: db.kysely, mail, supportEmail: config.SUPPORT_EMAIL, clock });
  // Staff access: the second factor at sign-in, invitations, roles and deactivation (LIFECYCLE.md). Deactivation hands
  // the colleague's open work (deliverables and tickets) over through the orders and support modules, built below
  // (called only once all exist).
  const work: StaffWork = {
    openWorkOf: (userId, trx) => orders.handOver.openWorkOf(userId, trx),
    handOver: async (trx, actor, fromId, toId) => {
      const staffActor = { ...actor, role: isStaffRole(actor.role) ? actor.role : "admin" };
      const handed = await orders.handOver.handOver(trx, staffActor, fromId, toId);
      await supportDesk.handOverTickets(trx, { id: actor.id, role: staffActor.role, address: actor.ip }, fromId, toId);
      return handed;
    },
  };
  const { auth: staffAuth, directory: staffDirectory, service: staff, savedViews } = createStaffModule({
    db: db.kysely, accounts, store: createExpiringStore(redis, { clock }), audit, mail, clock, secret: jwtSecret(config), publicUrl: config.publicUrl, work,
  });
  // Staff are told about new work, answers and work at risk in the transaction of the fact (issue 26, point 11).
  const notificationsModule = createNotificationsModule({ db: db.kysely, roster: staffDirectory, mail, jobs, clock });
  const { notifications, notifier } = notificationsModule;
  const { payments } = createPaymentsModule({ config });
  // Account mail goes to the account's own address only, so the store never relays mail to an address a client chose.
  const accountEmail = async (userId: string) => (await accounts.profile(userId).catch(() => undefined))?.email;
  const { rememberBilling, accessTokens } = accounts;
  const { wallet, deposits, withdrawals } = createWalletModule({
    db: db.kysely, payments, mail, accountEmail, documents, rememberBilling, clock, metrics: metrics.store, jobs,
    limits: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX }, balancePolicy: { refundDays: config.WITHDRAWAL_REFUND_DAYS },
  });
  const { storage, staleUploads } = createStorageModule({ config, jobs, clock });
  // Promotion codes (issue 28): the back office's codes, and the port placing an order takes a use through.
  const { promotions, checkout: promotionCheckout } = createPromotionsModule({
    db: db.kysely, audit: staffAudit, clock, refundedOf: (orderIds) => orders.refundedOf(orderIds),
  });
  const orders = createOrdersModule({
    db: db.kysely, catalog, wallet, deposits, mail, storage, jobs, clock, publicUrl: config.publicUrl, staffEmail: config.SUPPORT_EMAIL,
    reviewDays: config.REVIEW_DAYS, onTimeCreditPercent: config.ON_TIME_CREDIT_PERCENT, metrics: metrics.store, documents,
    upload: { limitBytes: config.UPLOAD_LIMIT_BYTES, allowedTypes: config.UPLOAD_ALLOWED_TYPES, maxFiles: 10 },
    writerPool: config.WRITER_POOL, staffAudit, attachmentTypes: config.ATTACHMENT_ALLOWED_TYPES, people: accounts.people, staffDirectory,
    ticketsOpen: support.openCount, notifier, promotions: promotionCheckout, rushCapacity: config.RUSH_CAPACITY_PER_DAY, fileLinkSecret: jwtSecret(config),
  });
  // A customer's page shows their tickets, a ticket its customer: the tickets are read first, then the desk gets customers.
  const { customers } = createCustomersModule({
    db: db.kysely, records: accounts.customerRecords, orders, wallet, audit: staffAudit, endSignIns: accounts.endSignIns, ticketsOf, clock,
    // The ledger names a deposit by its receipt's number, never its internal id.
    receiptNumbers: async (userId) =>
      new Map((await documents.listFor(userId)).filter((doc) => doc.kind === "receipt").map((doc) => [doc.sourceId, doc.number])),
  });
  const { supportDesk, savedReplies } = createSupportDeskModule({
    db: db.kysely, mail, jobs, audit: staffAudit, customerByEmail: customers.byEmail, people: accounts.people,
    activeStaff: (trx) => staffDirectory.activeMembers(trx), firstResponseHours: config.SUPPORT_FIRST_RESPONSE_HOURS,
    publicUrl: config.publicUrl, supportEmail: config.SUPPORT_EMAIL, clock, notifier,
  });
  // The back office's global search asks each module its own full-text index (docs/decisions/0069-full-text-search.md).
  const search = createBackOfficeSearch(
    { orders: orders.queue.search, customers: customers.search, tickets: supportDesk.search },
    clock,
  );
  const { cart } = createCartModule({ db: db.kysely, clock });
  const { privacy } = createPrivacyModule({ accounts, orders, wallet, deposits, documents, support, mail, cart, clock, transaction });
  return {
    clock, transaction, jobs, requestPressure, catalog, mail, support, supportDesk, savedReplies, customers, accounts, accessTokens, wallet, payments, deposits, withdrawals, storage, orders, bus, metrics,
    cart, documents, privacy, audit, staff, staffAuth, savedViews, staleUploads, search, notifications, notificationsModule, promotions,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Work done once at start after migrations: seed data that must exist. */
export async function prepareServices(services: Services, options: { demoData: boolean; log?: (line: string) => void }): Promise<void> {
  await services.catalog.seed();
  await services.accounts.prepare(options.log);
  await services.jobs.prepare();
  await services.mail.prepare();
  await services.supportDesk.prepare();
  await services.staleUploads.prepare(options.log);
  await services.notificationsModule.prepare();
  if (options.demoData) await ensureDemoData(services);
}
