import type { Profile } from "../../../contract/accounts";
import { toMajor } from "../../../contract/money";
import { DomainError } from "../../platform/domain-error";
import { systemClock, type Clock } from "../../platform/clock";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import type { AccountsModule } from "../accounts";
import type { CartService } from "../cart";
import type { DocumentSummary, DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { OrdersService } from "../orders";
import type { SupportService } from "../support";
import type { DepositService } from "../wallet";
import type { WalletService } from "../wallet";

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
  /** Opens the transaction the account is closed in (server/platform/transactions.ts). */
  transaction: TransactionOpener;
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
export function createPrivacyService({ accounts, orders, wallet, deposits, documents, support, mail, cart, clock = systemClock, transaction }: PrivacyDeps) {
  return {
    async exportData(userId: string): Promise<DataExport> {
      const profile = await accounts.profile(userId);
      const [orderList, depositList, entries, documentList, tickets] = await Promise.all([
        orders.exportFor(userId),
        deposits.listFor(userId),
        wallet.entries(userId),
        documents.listFor(userId),
        support.ticketsOf({ email: profile.email, since: profile.createdAt }),
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
     * open (not completed or cancelled). One transaction: the user's row locked first (so no order, deposit or message
     * of the customer commits after the check: account-lock.ts), the check, the sign-ins ended, the erasure and the
     * anonymised row. A failure anywhere rolls it all back and leaves the customer signed in to try again.
     *
     * Erasure reaches only what is the account's own (docs/decisions/0025): rows keyed by its id (orders, deposits,
     * cart) and, keyed by its own address since it was registered, the tickets it sent and the mail the store sent it.
     * Addresses typed into billing forms are never keys: anyone can type anyone's.
     */
    async close(userId: string, password: string): Promise<void> {
      const user = await accounts.verifyForClosing(userId, password);
      const own = { email: user.email, since: user.created_at };
      const refuseTokens = await transaction(async (trx) => {
        await lockOpenAccount(trx, userId);
        if (await orders.hasOpenOrders(userId, trx)) throw DomainError.field("", "privacy.openOrders");
        await orders.forgetPersonalData(userId, trx);
        await deposits.forgetBilling(userId, trx);
        await cart.forget(userId, trx);
        await support.forgetSender(own, trx);
        await mail.forgetRecipient(own, trx);
        return accounts.close(trx, userId);
      });
      await refuseTokens();
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
