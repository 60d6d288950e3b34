import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAccountsModule } from "./modules/accounts";
import { createAuditRepository, createAuditService } from "./modules/audit";
import { createCartService } from "./modules/cart";
import { createCatalogRepository, createCatalogService } from "./modules/catalog";
import { createCustomersAdminRepository, createCustomersAdminService } from "./modules/customers";
import { createDocumentsService, DOCUMENT_ATTACHMENTS } from "./modules/documents";
import { createMailService } from "./modules/mail";
import { createOrdersService } from "./modules/orders";
import { createPaymentProvider } from "./modules/payments";
import { createPrivacyService } from "./modules/privacy";
import { createStaffModule } from "./modules/staff";
import { createStaleUploadSweep, createStorage } from "./modules/storage";
import { createSupportDeskRepository, createSupportDeskService, createSupportRepository, createSupportService, customerTickets } from "./modules/support";
import { createDepositService, createWalletService } from "./modules/wallet";
import { createExpiringStore } from "./platform/expiring-store";
import type { AuditSink } from "./platform/staff-action";
import { createChangeBus, type ChangeBus } from "./platform/change-bus";
import { createMetrics, type Metrics } from "./platform/metrics";
import { ensureDemoData } from "./demo-data";
import { systemClock, type Clock } from "./platform/clock";
import { createJobRunner } from "./platform/jobs/job-runner";
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

/** Builds every domain service once; modules reach each other only through what is returned here. */
export function createServices({ config, db, redis, bus = createChangeBus(redis), metrics = createMetrics(), clock = systemClock }: ServiceDeps) {
  // One transaction opener for every module: a service of another module joins a transaction through its `trx` argument.
  const transaction = createTransactionOpener(db.kysely);
  const jobs = createJobRunner(db.kysely, db.dialect, { clock, onFailure: (kind, final) => metrics.jobFailed(kind, final), logError: logJobError });
  metrics.watchJobs(() => jobs.depth());
  // The seller of the invoices signs every mail too: one name and address for the whole store.
  const brand = { name: config.seller.name, publicUrl: config.publicUrl, address: config.seller.address, contact: config.SUPPORT_EMAIL };
  const mail = createMailService(db.kysely, { transport: config.MAIL_TRANSPORT, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, metrics: metrics.store, brand, clock }, jobs);
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
  });
  const accessTokens = accounts.accessTokens;
  // The staff audit log: every staff action records a row inside its own transaction (audit.record(entry, trx)).
  const audit = createAuditService(db.kysely, createAuditRepository(db.kysely), accounts.people, clock);
  // The one adapter: every module writes its staff actions through this port (server/platform/staff-action.ts).
  const staffAudit: AuditSink = {
    record: (entry, trx) =>
      audit.record(
        {
          actor: { id: entry.actor.id, role: entry.actor.role }, ip: entry.actor.address, action: entry.action,
          subject: { type: entry.subjectType, id: entry.subjectId }, before: entry.before, after: entry.after,
        },
        trx,
      ),
  };
  const catalog = createCatalogService(createCatalogRepository(db.kysely), bus, { db: db.kysely, audit: staffAudit });
  const support = createSupportService(createSupportRepository(db.kysely), mail, { supportEmail: config.SUPPORT_EMAIL, clock });
  // Staff access: the second factor at sign-in, invitations, roles and deactivation (LIFECYCLE.md).
  const { auth: staffAuth, directory: staffDirectory, service: staff } = createStaffModule({
    db: db.kysely, accounts, store: createExpiringStore(redis, { clock }), audit, mail, clock, secret: jwtSecret(config), publicUrl: config.publicUrl,
  });
  const wallet = createWalletService(db.kysely);
  const payments = createPaymentProvider(config);
  // Account mail goes to the account's own address only, so the store never relays mail to an address a client chose.
  const accountEmail = async (userId: string) => (await accounts.profile(userId).catch(() => undefined))?.email;
  const documents = createDocumentsService({ db: db.kysely, seller: config.seller, clock });
  // Invoices, receipts and credit notes are attached by reference and rendered when the mail is (after the commit).
  mail.attachmentSource(DOCUMENT_ATTACHMENTS, documents.attachmentById);
  const rememberBilling = accounts.rememberBilling;
  const deposits = createDepositService({
    db: db.kysely, wallet, payments, mail, accountEmail, documents, rememberBilling, clock, metrics: metrics.store,
    limits: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
  });
  const storage = createStorage(config);
  const staleUploads = createStaleUploadSweep({ storage, jobs, clock });
  const orders = createOrdersService({
    db: db.kysely, catalog, wallet, mail, accountEmail, storage, jobs, clock, publicUrl: config.publicUrl, staffEmail: config.SUPPORT_EMAIL,
    reviewDays: config.REVIEW_DAYS, metrics: metrics.store, documents, rememberBilling,
    upload: { limitBytes: config.UPLOAD_LIMIT_BYTES, allowedTypes: config.UPLOAD_ALLOWED_TYPES, maxFiles: 10 },
    writerPool: config.WRITER_POOL, staffAudit, attachmentTypes: config.ATTACHMENT_ALLOWED_TYPES, people: accounts.people, staffDirectory,
    ticketsOpen: support.openCount,
  });
  // A customer's page shows their tickets, a ticket its customer: the tickets are read first, then the desk gets customers.
  const supportDeskRepository = createSupportDeskRepository(db.kysely);
  const customers = createCustomersAdminService({
    db: db.kysely, repository: createCustomersAdminRepository({ records: accounts.customerRecords, orders, wallet }), wallet, audit: staffAudit, endSignIns: accounts.endSignIns,
    ticketsOf: customerTickets(supportDeskRepository), clock,
  });
  const supportDesk = createSupportDeskService({
    db: db.kysely, repository: supportDeskRepository, mail, jobs, audit: staffAudit, customerByEmail: customers.byEmail, people: accounts.people,
    publicUrl: config.publicUrl, supportEmail: config.SUPPORT_EMAIL, clock,
  });
  const cart = createCartService({ db: db.kysely, clock });
  const privacy = createPrivacyService({ accounts, orders, wallet, deposits, documents, support, mail, cart, clock, transaction });
  return {
    clock, transaction, jobs, catalog, mail, support, supportDesk, customers, accounts, accessTokens, wallet, payments, deposits, storage, orders, bus, metrics,
    cart, documents, privacy, audit, staff, staffAuth, staleUploads,
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
  if (options.demoData) await ensureDemoData(services);
}
