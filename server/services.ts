import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAccountsModule } from "./modules/accounts/accounts.module";
import { createCatalogRepository } from "./modules/catalog/catalog.repository";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createDocumentsService } from "./modules/documents/documents.service";
import { createMailService } from "./modules/mail/mail.service";
import { createPrivacyService } from "./modules/privacy/privacy.service";
import { createOrdersService } from "./modules/orders/orders.service";
import { createStorage } from "./modules/storage/create-storage";
import { createSupportRepository } from "./modules/support/support.repository";
import { createSupportService } from "./modules/support/support.service";
import { createPaymentProvider } from "./modules/payments/payment-provider";
import { createDepositService } from "./modules/wallet/deposits.service";
import { createWalletService } from "./modules/wallet/wallet.service";
import { jwtSecret } from "./secrets";

export interface ServiceDeps {
  config: Config;
  db: Db;
  redis: Redis | null;
}

/** Builds every domain service once; modules reach each other only through what is returned here. */
export function createServices({ config, db, redis }: ServiceDeps) {
  const catalog = createCatalogService(createCatalogRepository(db.kysely));
  const mail = createMailService(db.kysely, { transport: config.MAIL_TRANSPORT, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const support = createSupportService(createSupportRepository(db.kysely), mail, { supportEmail: config.SUPPORT_EMAIL });
  const accounts = createAccountsModule({
    db: db.kysely,
    redis,
    mail,
    secret: jwtSecret(config),
    publicUrl: config.publicUrl,
    admin: config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined,
  });
  const accessTokens = accounts.accessTokens;
  const wallet = createWalletService(db.kysely);
  const payments = createPaymentProvider(config);
  const documents = createDocumentsService({ db: db.kysely, seller: config.seller });
  const rememberBilling = accounts.rememberBilling;
  const deposits = createDepositService({ db: db.kysely, wallet, payments, mail, documents, rememberBilling });
  const storage = createStorage(config);
  const orders = createOrdersService({ db: db.kysely, catalog, wallet, mail, documents, rememberBilling, storage, publicUrl: config.publicUrl, demoData: config.demoData });
  const privacy = createPrivacyService({ accounts, orders, wallet, deposits, documents, support, mail });
  return { catalog, mail, support, accounts, accessTokens, wallet, payments, deposits, storage, orders, documents, privacy };
}

export type Services = ReturnType<typeof createServices>;

/** Work done once at start after migrations: seed data that must exist. */
export async function prepareServices(services: Services): Promise<void> {
  await services.catalog.seed();
  await services.accounts.prepare();
  await services.orders.prepare();
}
