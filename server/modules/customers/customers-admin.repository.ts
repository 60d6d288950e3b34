import type { Kysely } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import type { LedgerKind } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import type { CustomerRecords, CustomerRow } from "../accounts";
import type { OrdersService } from "../orders";
import type { WalletService } from "../wallet";

export type { CustomerRow } from "../accounts";

const ORDERS_SHOWN = 50;

/** A balance adjustment as the wallet keeps it, with the order or ticket it is about (the wallet's own shape). */
export type NewAdjustment = Parameters<WalletService["addAdjustment"]>[0];
const LEDGER_SHOWN = 100;

export interface CustomersAdminSources {
  /** Customer accounts (the accounts module). */
  records: CustomerRecords;
  orders: Pick<OrdersService, "recentOf" | "customerFacts">;
  wallet: Pick<WalletService, "balances" | "balancesOf" | "ledgerWithReasons" | "addAdjustment">;
}

/**
 * What the back office reads about customers, each from the module that owns it (accounts, orders, wallet): the
 * customers module owns no table and queries none.
 */
export function createCustomersAdminRepository({ records, orders, wallet }: CustomersAdminSources) {
  return {
    search: (text: string, trx?: Kysely<Database>): Promise<CustomerRow[]> => records.search(text, trx),
    find: (id: string, trx?: Kysely<Database>): Promise<CustomerRow | undefined> => records.find(id, trx),
    findByEmail: (email: string, trx?: Kysely<Database>): Promise<CustomerRow | undefined> => records.findByEmail(email, trx),
    setBlocked: (id: string, blockedAt: string | null, trx?: Kysely<Database>): Promise<void> => records.setBlocked(id, blockedAt, trx),

    async orders(userId: string) {
      const rows = await orders.recentOf(userId, ORDERS_SHOWN);
      return rows.map((row) => ({ id: row.id, number: row.number, status: row.status as OrderStatus, currency: row.currency, total: row.total, createdAt: row.created_at }));
    },

    balances: (userId: string, trx?: Kysely<Database>): Promise<Array<{ currency: string; amount: number }>> => wallet.balances(userId, trx),

    /** The ledger of one currency, newest first, with each adjustment's reason. */
    async ledger(userId: string, currency: string, trx?: Kysely<Database>) {
      const rows = await wallet.ledgerWithReasons(userId, currency, LEDGER_SHOWN, trx);
      return rows.map((row) => ({
        id: row.id, kind: row.kind as LedgerKind, amount: row.amount, reference: row.reference, reason: row.reason ?? null, createdAt: row.created_at,
        orderNumber: row.order_number ?? null, ticketNumber: row.ticket_number ?? null,
      }));
    },

    addAdjustment: (adjustment: NewAdjustment, trx?: Kysely<Database>): Promise<void> => wallet.addAdjustment(adjustment, trx),

    /** Balances and spend of a page of customers, each one query (minor units). */
    balancesOf: (userIds: readonly string[]) => wallet.balancesOf(userIds),
    spentBy: (userIds: readonly string[]) => orders.customerFacts.spentBy(userIds),
    openPaidWorkOf: (userId: string) => orders.customerFacts.openPaidWorkOf(userId),
    orderOfCustomer: (userId: string, number: string, trx?: Kysely<Database>) => orders.customerFacts.orderOfCustomer(userId, number, trx),
  };
}

export type CustomersAdminRepository = ReturnType<typeof createCustomersAdminRepository>;
