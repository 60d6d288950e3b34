/**
 * Typed message keys: `t("missing.key")` in any namespace fails `npm run typecheck` (i18next's CustomTypeOptions).
 * The English catalogues are the reference; app/locales/parity.test.ts keeps the Spanish ones to the same keys.
 * A new catalogue in app/locales/en/ must be added here too.
 */
import "i18next";
import type admin from "../locales/en/admin.json";
import type adminCatalog from "../locales/en/admin-catalog.json";
import type adminCustomers from "../locales/en/admin-customers.json";
import type adminOrders from "../locales/en/admin-orders.json";
import type adminPromotions from "../locales/en/admin-promotions.json";
import type adminSupport from "../locales/en/admin-support.json";
import type auth from "../locales/en/auth.json";
import type balance from "../locales/en/balance.json";
import type cart from "../locales/en/cart.json";
import type cartHelp from "../locales/en/cart-help.json";
import type catalog from "../locales/en/catalog.json";
import type checkout from "../locales/en/checkout.json";
import type common from "../locales/en/common.json";
import type contact from "../locales/en/contact.json";
import type errors from "../locales/en/errors.json";
import type forms from "../locales/en/forms.json";
import type header from "../locales/en/header.json";
import type home from "../locales/en/home.json";
import type money from "../locales/en/money.json";
import type orders from "../locales/en/orders.json";
import type options from "../locales/en/options.json";
import type paperwork from "../locales/en/paperwork.json";
import type profile from "../locales/en/profile.json";
import type promises from "../locales/en/promises.json";
import type supportTicket from "../locales/en/support-ticket.json";
import type validation from "../../common/validation/en.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      admin: typeof admin;
      "admin-catalog": typeof adminCatalog;
      "admin-customers": typeof adminCustomers;
      "admin-orders": typeof adminOrders;
      "admin-promotions": typeof adminPromotions;
      "admin-support": typeof adminSupport;
      auth: typeof auth;
      balance: typeof balance;
      cart: typeof cart;
      "cart-help": typeof cartHelp;
      catalog: typeof catalog;
      checkout: typeof checkout;
      common: typeof common;
      contact: typeof contact;
      errors: typeof errors;
      forms: typeof forms;
      header: typeof header;
      home: typeof home;
      money: typeof money;
      orders: typeof orders;
      options: typeof options;
      paperwork: typeof paperwork;
      profile: typeof profile;
      promises: typeof promises;
      "support-ticket": typeof supportTicket;
      validation: typeof validation;
    };
  }
}
