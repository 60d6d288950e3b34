import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAccountsModule } from "./modules/accounts/accounts-module";
import { createAuditRepository } from "./modules/audit/audit.repository";
import { createAuditService } from "./modules/audit/audit.service";
import { createCatalogRepository } from "./modules/catalog/catalog.repository";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createMailService } from "./modules/mail/mail.service";
import { createOrdersService } from "./modules/orders/orders.service";
import { createStorage } from "./modules/storage/create-storage";
import { createSupportRepository } from "./modules/support/support.repository";
import { createSupportService } from "./modules/support/support.service";
import { createPaymentProvider } from "./modules/payments/payment-provider";
import { createDepositService } from "./modules/wallet/deposits.service";
import { createWalletService } from "./modules/wallet/wallet.service";
import { createChangeBus, type ChangeBus } from "./platform/change-bus";
import { createMetrics, type Metrics } from "./platform/metrics";
import { ensureDemoData } from "./demo-data";
import { systemClock, type Clock } from "./platform/clock";
import { createJobRunner } from "./platform/jobs/job-runner";
import { jwtSecret } from "./secrets";

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

/** Builds every domain service once; modules reach each other only through what is returned here. */
export function createServices({ config, db, redis, bus = createChangeBus(redis), metrics = createMetrics(), clock = systemClock }: ServiceDeps) {
  const jobs = createJobRunner(db.kysely, db.dialect, { clock });
  // The staff audit log: every staff action records a row inside its own transaction (audit.record(entry, trx)).
  const audit = createAuditService(db.kysely, createAuditRepository(db.kysely), clock);
  const catalog = createCatalogService(createCatalogRepository(db.kysely), bus);
  const mail = createMailService(db.kysely, { transport: config.MAIL_TRANSPORT, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, metrics: metrics.store }, jobs);
  metrics.watchQueues(async () => ({ mail: await mail.queued() }));
  const support = createSupportService(createSupportRepository(db.kysely), mail, { supportEmail: config.SUPPORT_EMAIL, clock });
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
  const wallet = createWalletService(db.kysely);
  const payments = createPaymentProvider(config);
  // Account mail goes to the account's own address only, so the store never relays mail to an address a client chose.
  const accountEmail = async (userId: string) => (await accounts.profile(userId).catch(() => undefined))?.email;
  const deposits = createDepositService({ db: db.kysely, wallet, payments, mail, accountEmail, clock, metrics: metrics.store });
  const storage = createStorage(config);
  const orders = createOrdersService({
    db: db.kysely, catalog, wallet, mail, accountEmail, storage, jobs, clock, publicUrl: config.publicUrl, staffEmail: config.SUPPORT_EMAIL,
    reviewDays: config.REVIEW_DAYS, metrics: metrics.store,
    upload: { limitBytes: config.UPLOAD_LIMIT_BYTES, allowedTypes: config.UPLOAD_ALLOWED_TYPES, maxFiles: 10 },
    // Every staff move on an order is audited in its own transaction (who, from where, before and after).
    audit: (trx, entry) =>
      audit.record({ actor: { id: entry.actor.id, role: entry.actor.role }, ip: entry.actor.ip, action: entry.action, subject: { type: "order", id: entry.orderId }, before: entry.before, after: entry.after }, trx),
    ticketsOpen: async () => Number((await db.kysely.selectFrom("support_tickets").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0),
  });
  return { clock, jobs, catalog, mail, support, accounts, accessTokens, wallet, payments, deposits, storage, orders, bus, metrics, audit };
}

export type Services = ReturnType<typeof createServices>;

/** Work done once at start after migrations: seed data that must exist. */
export async function prepareServices(services: Services, options: { demoData: boolean }): Promise<void> {
  await services.catalog.seed();
  await services.accounts.prepare();
  await services.jobs.prepare();
  await services.mail.prepare();
  if (options.demoData) await ensureDemoData(services);
}
