import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import { accountsRoutes } from "../modules/accounts/accounts.routes";
import { cartRoutes } from "../modules/cart/cart.routes";
import { auditRoutes } from "../modules/audit/audit.routes";
import { staffRoutes } from "../modules/staff/staff.routes";
import { catalogRoutes } from "../modules/catalog/catalog.routes";
import { documentsRoutes } from "../modules/documents/documents.routes";
import { notificationsRoutes } from "../modules/notifications/notifications.routes";
import { ordersRoutes } from "../modules/orders/orders.routes";
import { paymentsRoutes } from "../modules/payments/payments.routes";
import { privacyRoutes } from "../modules/privacy/privacy.routes";
import { promotionsRoutes } from "../modules/promotions/promotions.routes";
import { supportRoutes } from "../modules/support/support.routes";
import { supportDeskRoutes } from "../modules/support/support-desk.routes";
import { customersAdminRoutes } from "../modules/customers/customers-admin.routes";
import { backOfficeSearchRoutes } from "../modules/search/back-office-search.routes";
import { walletRoutes } from "../modules/wallet/wallet.routes";
import type { Services } from "../services";
import { ApiError } from "./api-error";
import { bearerUser } from "./auth";

/** Every API route, under /api. Each module contributes one plugin. */
export const apiRoutes: FastifyPluginAsync<{ services: Services; config: Config }> = async (api, { services, config }) => {
  await api.register(catalogRoutes, {
    catalog: services.catalog,
    rushOffer: services.orders.rushOffer,
    // A code on the price list is quoted for the signed-in buyer when a token comes with it (a visitor otherwise).
    quoteCode: async (request, body) => {
      const user = await bearerUser(services.accessTokens, request);
      return services.orders.quoteCode(user?.id ?? null, body.code, body.productIds.map((productId, index) => ({ productId, options: body.lineOptions[index] ?? [] })), body.currency, request.locale);
    },
  });
  await api.register(promotionsRoutes, { promotions: services.promotions });
  await api.register(accountsRoutes, { accounts: services.accounts });
  await api.register(supportRoutes, { support: services.support });
  await api.register(walletRoutes, {
    wallet: services.wallet,
    deposits: services.deposits,
    withdrawals: services.withdrawals,
    depositLimits: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
  });
  await api.register(paymentsRoutes, { payments: services.payments, deposits: services.deposits, withdrawals: services.withdrawals });
  await api.register(cartRoutes, { cart: services.cart });
  await api.register(auditRoutes, { audit: services.audit });
  await api.register(staffRoutes, { staff: services.staff, staffAuth: services.staffAuth, savedViews: services.savedViews });
  await api.register(supportDeskRoutes, { desk: services.supportDesk, savedReplies: services.savedReplies });
  await api.register(customersAdminRoutes, { customers: services.customers });
  await api.register(backOfficeSearchRoutes, { search: services.search });
  await api.register(ordersRoutes, { orders: services.orders, storage: services.storage, uploadLimitBytes: config.UPLOAD_LIMIT_BYTES });
  await api.register(notificationsRoutes, { notifications: services.notifications });
  await api.register(documentsRoutes, { documents: services.documents });
  await api.register(privacyRoutes, { privacy: services.privacy });

  api.all("/*", { schema: { hide: true } }, async () => {
    throw ApiError.notFound();
  });
};
