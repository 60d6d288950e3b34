import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import { accountsRoutes } from "../modules/accounts/accounts.routes";
import { catalogRoutes } from "../modules/catalog/catalog.routes";
import { ordersRoutes } from "../modules/orders/orders.routes";
import { paymentsRoutes } from "../modules/payments/payments.routes";
import { supportRoutes } from "../modules/support/support.routes";
import { walletRoutes } from "../modules/wallet/wallet.routes";
import type { Services } from "../services";
import { ApiError } from "./api-error";

/** Every API route, under /api. Each module contributes one plugin. */
export const apiRoutes: FastifyPluginAsync<{ services: Services; config: Config }> = async (api, { services, config }) => {
  await api.register(catalogRoutes, { catalog: services.catalog });
  await api.register(accountsRoutes, { accounts: services.accounts });
  await api.register(supportRoutes, { support: services.support });
  await api.register(walletRoutes, {
    wallet: services.wallet,
    deposits: services.deposits,
    depositLimits: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
  });
  await api.register(paymentsRoutes, { payments: services.payments, deposits: services.deposits });
  await api.register(ordersRoutes, { orders: services.orders, storage: services.storage, uploadLimitBytes: config.UPLOAD_LIMIT_BYTES });

  api.all("/*", { schema: { hide: true } }, async () => {
    throw ApiError.notFound();
  });
};
