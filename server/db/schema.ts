import type { AccountTables } from "../modules/accounts/accounts.tables";
import type { CartTables } from "../modules/cart/cart.tables";
import type { AuditTables } from "../modules/audit/audit.tables";
import type { StaffTables } from "../modules/staff/staff.tables";
import type { CatalogTables } from "../modules/catalog/catalog.tables";
import type { DocumentTables } from "../modules/documents/documents.tables";
import type { MailTables } from "../modules/mail/mail.tables";
import type { NotificationTables } from "../modules/notifications/notifications.tables";
import type { OrderTables } from "../modules/orders/orders.tables";
import type { PromotionTables } from "../modules/promotions/promotions.tables";
import type { SupportTables } from "../modules/support/support.tables";
import type { JobTables } from "../platform/jobs/jobs.tables";
import type { WalletTables } from "../modules/wallet/wallet.tables";

/**
 * Every table, composed from the modules that own them.
 * Conventions for both dialects: ids are text (UUIDs), money is integer minor units with a currency column,
 * timestamps are ISO-8601 UTC text, booleans are integers 0/1.
 */
export interface Database
  extends CatalogTables,
    AccountTables,
    SupportTables,
    MailTables,
    WalletTables,
    OrderTables,
    JobTables,
    CartTables,
    DocumentTables,
    AuditTables,
    StaffTables,
    NotificationTables,
    PromotionTables {}
