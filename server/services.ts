import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAccountsModule } from "./modules/accounts/accounts-module";
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
import { ensureDemoData } from "./demo-data";
import { systemClock, type Clock } from "./platform/clock";
import { createJobRunner } from "./platform/jobs/job-runner";
import { jwtSecret } from "./secrets";

export interface ServiceDeps {
  config: Config;
  db: Db;
  redis: Redis | null;
  /** Where every service reads the time; tests pass a manual clock. */
  clock?: Clock;
}

/** Builds every domain service once; modules reach each other only through what is returned here. */
export function createServices({ config, db, redis, clock = systemClock }: ServiceDeps) {
  const jobs = createJobRunner(db.kysely, db.dialect, { clock });
  const catalog = createCatalogService(createCatalogRepository(db.kysely));
  const mail = createMailService(db.kysely, { transport: config.MAIL_TRANSPORT, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL }, jobs);
  const support = createSupportService(createSupportRepository(db.kysely), mail, { supportEmail: config.SUPPORT_EMAIL, clock });
  const accounts = createAccountsModule({
    db: db.kysely,
    redis,
    mail,
    secret: jwtSecret(config),
    publicUrl: config.publicUrl,
    clock,
    admin: config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined,
  });
  const accessTokens = accounts.accessTokens;
  const wallet = createWalletService(db.kysely);
  const payments = createPaymentProvider(config);
  const deposits = createDepositService({ db: db.kysely, wallet, payments, mail, clock });
  const storage = createStorage(config);
  const orders = createOrdersService({
    db: db.kysely, catalog, wallet, mail, storage, jobs, clock, publicUrl: config.publicUrl, staffEmail: config.SUPPORT_EMAIL,
    reviewDays: config.REVIEW_DAYS,
  });
  return { clock, jobs, catalog, mail, support, accounts, accessTokens, wallet, payments, deposits, storage, orders };
}

export type Services = ReturnType<typeof createServices>;

/** Work done once at start after migrations: seed data that must exist. */
export async function prepareServices(services: Services, options: { demoData: boolean }): Promise<void> {
  await services.catalog.seed();
  await services.accounts.prepare();
  await services.jobs.prepare();
  if (options.demoData) await ensureDemoData(services);
}
