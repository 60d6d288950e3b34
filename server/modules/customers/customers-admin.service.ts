import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CurrencyAmount, CustomerDetail, CustomerListEntry } from "../../../contract/admin-customers";
import type { CustomerOrderLine } from "../../../contract/admin-support";
import { DEFAULT_CURRENCY, isCurrency, type Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import type { OpenPaidWork } from "../orders";
import { ticketReference } from "../support";
import type { WalletService } from "../wallet";
import type { CustomersAdminRepository, CustomerRow } from "./customers-admin.repository";
import { createTransactionOpener } from "../../platform/transactions";

export interface CustomersAdminDeps {
  db: Kysely<Database>;
  repository: CustomersAdminRepository;
  wallet: WalletService;
  audit: AuditSink;
  /** Ends every sign-in of a user at once (accounts module). */
  endSignIns(userId: string): Promise<void>;
  /** The tickets written from an email (support desk). */
  ticketsOf(email: string): Promise<CustomerDetail["tickets"]>;
  /** The receipt number of each of the customer's deposits, by deposit id (documents module). */
  receiptNumbers?(userId: string): Promise<Map<string, string>>;
  clock?: Clock;
}

export interface Adjustment {
  currency: Currency;
  /** Signed minor units: a credit is positive, a debit negative. */
  amount: number;
  reason: string;
  /** The customer's order it is about (SC-000042), as typed; empty or absent: none. */
  orderNumber?: string;
  /** The customer's support ticket it is about (T-1A2B3C4D), as typed; empty or absent: none. */
  ticketNumber?: string;
}

const nameOf = (row: CustomerRow) => `${row.first_name} ${row.last_name}`.trim();

const ORDER_NUMBER = /^sc-?(\d{1,12})$/i;

/** One customer's amounts per currency from a page's rows, in major units. */
const amountsOf = (rows: Array<{ userId: string; currency: string; amount: number }>, userId: string): CurrencyAmount[] =>
  rows.filter((row) => row.userId === userId && isCurrency(row.currency)).map((row) => ({ currency: row.currency as Currency, amount: toMajor(row.amount) }));

/** The currency of the customer's newest ledger line (adjustments default to it); the store's default without one. */
function lastUsedCurrency(balances: CustomerDetail["balances"]): Currency {
  const newest = balances
    .flatMap((balance) => balance.ledger.slice(0, 1).map((line) => ({ currency: balance.currency, at: line.createdAt })))
    .sort((a, b) => b.at.localeCompare(a.at))[0];
  return newest?.currency ?? DEFAULT_CURRENCY;
}

const openWorkLine = (work: OpenPaidWork): CustomerDetail["openWork"][number] => ({
  orderId: work.orderId, number: work.number, n: work.n, service: work.service, status: work.status, currency: work.currency as Currency,
  price: toMajor(work.price), refundable: toMajor(Math.max(0, work.price - work.givenBack)),
});

/**
 * Customers in the back office (managers and admins): search, one customer's whole picture, balance adjustments
 * through the ledger (never below zero), block and unblock. Every change is one transaction with its audit row.
 */
export function createCustomersAdminService(deps: CustomersAdminDeps) {
  const { db, repository, wallet, audit, endSignIns, ticketsOf, clock = systemClock } = deps;
  const transaction = createTransactionOpener(db);
  const orderLines = async (userId: string): Promise<CustomerOrderLine[]> =>
    (await repository.orders(userId)).map((order) => ({ ...order, currency: order.currency as Currency, total: toMajor(order.total) }));

  /** The order an adjustment names, as its number, when it is the customer's (400 on `orderNumber` otherwise). */
  const orderOf = async (userId: string, typed: string | undefined, trx: Kysely<Database>): Promise<string | null> => {
    if (!typed?.trim()) return null;
    const digits = ORDER_NUMBER.exec(typed.trim())?.[1];
    const number = digits ? `SC-${digits.padStart(6, "0")}` : undefined;
    if (!number || !(await repository.orderOfCustomer(userId, number, trx))) throw DomainError.field("orderNumber", "customers.unknownOrder", { number: typed.trim() });
    return number;
  };
  /** The ticket an adjustment names, when the customer wrote it (400 on `ticketNumber` otherwise). */
  const ticketOf = async (email: string, typed: string | undefined): Promise<string | null> => {
    if (!typed?.trim()) return null;
    const number = typed.trim().toUpperCase();
    if (!(await ticketsOf(email)).some((ticket) => ticketReference(ticket.id) === number)) throw DomainError.field("ticketNumber", "customers.unknownTicket", { number: typed.trim() });
    return number;
  };

  const existing = async (id: string, trx: Kysely<Database> = db): Promise<CustomerRow> => {
    const row = await repository.find(id, trx);
    if (!row) throw DomainError.notFound();
    return row;
  };

  return {
    async search(text: string, actor: StaffActor): Promise<CustomerListEntry[]> {
      assertRole(actor.role, "manager");
      const rows = await repository.search(text);
      const ids = rows.map((row) => row.id);
      const [balances, spent] = await Promise.all([repository.balancesOf(ids), repository.spentBy(ids)]);
      return rows.map((row) => ({
        id: row.id, email: row.email, name: nameOf(row), createdAt: row.created_at, blocked: row.blocked_at !== null,
        balances: amountsOf(balances, row.id), spent: amountsOf(spent, row.id),
      }));
    },

    async detail(id: string, actor: StaffActor): Promise<CustomerDetail> {
      assertRole(actor.role, "manager");
      const row = await existing(id);
      const receipts = (await deps.receiptNumbers?.(id)) ?? new Map<string, string>();
      const balances = await Promise.all(
        (await repository.balances(id)).filter((balance) => isCurrency(balance.currency)).map(async (balance) => ({
          currency: balance.currency as Currency,
          balance: toMajor(balance.amount),
          ledger: (await repository.ledger(id, balance.currency)).map((line) => ({
            ...line, amount: toMajor(line.amount), receiptNumber: line.kind === "deposit" ? (receipts.get(line.reference) ?? null) : null,
          })),
        })),
      );
      return {
        id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, country: row.country, company: row.company, city: row.city,
        createdAt: row.created_at, blockedAt: row.blocked_at, currency: lastUsedCurrency(balances), balances,
        openWork: (await repository.openPaidWorkOf(id)).map(openWorkLine), orders: await orderLines(id), tickets: await ticketsOf(row.email),
      };
    },

    /** The customer with this email and their orders, for a support ticket; null when nobody has it. */
    async byEmail(email: string): Promise<{ id: string; name: string; orders: CustomerOrderLine[] } | null> {
      const row = await repository.findByEmail(email);
      return row ? { id: row.id, name: nameOf(row), orders: await orderLines(row.id) } : null;
    },

    /**
     * Credits or debits a balance with a reason, as a ledger row of kind `adjustment` pointing at the adjustment.
     * A debit larger than the balance is refused (400 on `amount`) with nothing written: the conditional UPDATE of
     * the wallet decides, so two debits at once cannot take the balance below zero.
     */
    async adjust(id: string, adjustment: Adjustment, actor: StaffActor): Promise<void> {
      assertRole(actor.role, "manager");
      const customer = await existing(id);
      const ticketNumber = await ticketOf(customer.email, adjustment.ticketNumber);
      await transaction(async (trx) => {
        await existing(id, trx);
        const orderNumber = await orderOf(id, adjustment.orderNumber, trx);
        const before = await wallet.balance(id, adjustment.currency, trx);
        const adjustmentId = randomUUID();
        await repository.addAdjustment(
          {
            id: adjustmentId, userId: id, currency: adjustment.currency, amount: adjustment.amount, reason: adjustment.reason, staffId: actor.id,
            createdAt: clock.now().toISOString(), orderNumber, ticketNumber,
          },
          trx,
        );
        if (adjustment.amount > 0) {
          await wallet.credit(trx, { userId: id, currency: adjustment.currency, amount: adjustment.amount, kind: "adjustment", reference: adjustmentId });
        } else if (!(await wallet.debit(trx, { userId: id, currency: adjustment.currency, amount: -adjustment.amount, kind: "adjustment", reference: adjustmentId }))) {
          throw DomainError.field("amount", "customers.belowZero", { balance: toMajor(before) });
        }
        const after = await wallet.balance(id, adjustment.currency, trx);
        await audit.record(
          {
            actor, action: "customer.adjust", subjectType: "customer", subjectId: id,
            before: { currency: adjustment.currency, balance: before },
            after: { currency: adjustment.currency, balance: after, amount: adjustment.amount, reason: adjustment.reason, adjustmentId, orderNumber, ticketNumber },
          },
          trx,
        );
      });
    },

    /** Blocks the customer: no sign-in from now on, and the ones they have end at once. */
    async block(id: string, reason: string, actor: StaffActor): Promise<void> {
      assertRole(actor.role, "manager");
      await db.transaction().execute(async (trx) => {
        const row = await existing(id, trx);
        if (row.blocked_at) throw DomainError.conflict("customers.alreadyBlocked");
        const at = clock.now().toISOString();
        await repository.setBlocked(id, at, trx);
        await audit.record({ actor, action: "customer.block", subjectType: "customer", subjectId: id, before: { blockedAt: null }, after: { blockedAt: at, reason } }, trx);
      });
      await endSignIns(id);
    },

    async unblock(id: string, actor: StaffActor): Promise<void> {
      assertRole(actor.role, "manager");
      await db.transaction().execute(async (trx) => {
        const row = await existing(id, trx);
        if (!row.blocked_at) throw DomainError.conflict("customers.notBlocked");
        await repository.setBlocked(id, null, trx);
        await audit.record({ actor, action: "customer.unblock", subjectType: "customer", subjectId: id, before: { blockedAt: row.blocked_at }, after: { blockedAt: null } }, trx);
      });
    },
  };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
