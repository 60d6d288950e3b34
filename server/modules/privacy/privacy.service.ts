import type { Profile } from "../../../contract/accounts";
import { toMajor } from "../../../contract/money";
import { DomainError } from "../../platform/domain-error";
import { systemClock, type Clock } from "../../platform/clock";
import type { AccountsModule } from "../accounts/accounts-module";
import type { CartService } from "../cart/cart.service";
import type { DocumentSummary, DocumentsService } from "../documents/documents.service";
import type { MailService } from "../mail/mail.service";
import type { OrdersService } from "../orders/orders.service";
import type { SupportService } from "../support/support.service";
import type { DepositService } from "../wallet/deposits.service";
import type { WalletService } from "../wallet/wallet.service";

export interface PrivacyDeps {
  accounts: AccountsModule;
  orders: OrdersService;
  wallet: WalletService;
  deposits: DepositService;
  documents: DocumentsService;
  support: SupportService;
  mail: MailService;
  cart: CartService;
  clock?: Clock;
}

/** Everything the store keeps about a customer, as the JSON file they download. */
export type DataExport = {
  exportedAt: string;
  profile: Profile;
  orders: Awaited<ReturnType<OrdersService["exportFor"]>>;
  deposits: Awaited<ReturnType<DepositService["listFor"]>>;
  ledger: Array<{ id: string; currency: string; kind: string; amount: number; reference: string; createdAt: string }>;
  documents: DocumentSummary[];
  supportTickets: Array<{ id: string; description: string; createdAt: string }>;
};

/**
 * The customer's privacy rights: a copy of all their data, and closing the account. Closing keeps what the law
 * requires (the ledger, issued receipts, invoices and credit notes, order numbers and totals) and erases the rest.
 */
export function createPrivacyService({ accounts, orders, wallet, deposits, documents, support, mail, cart, clock = systemClock }: PrivacyDeps) {
  return {
    async exportData(userId: string): Promise<DataExport> {
      const profile = await accounts.profile(userId);
      const [orderList, depositList, entries, documentList, tickets] = await Promise.all([
        orders.exportFor(userId),
        deposits.listFor(userId),
        wallet.entries(userId),
        documents.listFor(userId),
        support.ticketsOf(profile.email),
      ]);
      return {
        exportedAt: clock.now().toISOString(),
        profile,
        orders: orderList,
        deposits: depositList,
        ledger: entries.map((entry) => ({ ...entry, amount: toMajor(entry.amount) })),
        documents: documentList,
        supportTickets: tickets,
      };
    },

    /**
     * Closes the account after checking the password (400 at `password`); refused (400 under "") while an order is still
     * open (not completed or cancelled). Erases first and ends the sign-ins last, so a failure half-way can simply be
     * retried.
     */
    async close(userId: string, password: string): Promise<void> {
      const user = await accounts.verifyForClosing(userId, password);
      if (await orders.hasOpenOrders(userId)) throw DomainError.field("", "privacy.openOrders");
      const [profile, orderList, depositList] = await Promise.all([accounts.profile(userId), orders.exportFor(userId), deposits.listFor(userId)]);
      // Every address the customer gave: the account's, the remembered billing one and those sent with each payment.
      const given = [user.email, profile.billing?.email, ...orderList.map((order) => order.billing.email), ...depositList.map((deposit) => deposit.billing.email)];
      const addresses = new Set(given.filter((address): address is string => typeof address === "string" && address !== ""));
      await orders.forgetPersonalData(userId);
      await deposits.forgetBilling(userId);
      await cart.forget(userId);
      for (const address of addresses) {
        await support.forgetSender(address);
        await mail.forgetRecipient(address);
      }
      await accounts.close(userId);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
