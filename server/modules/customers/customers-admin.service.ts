import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CustomerDetail } from "../../../contract/admin-customers";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import type { WalletService } from "../wallet";
import { adjustmentTies } from "./adjustment-ties";
import { createCustomerReads } from "./customer-reads";
import type { CustomersAdminRepository } from "./customers-admin.repository";
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

/**
 * Customers in the back office (managers and admins): search, one customer's whole picture, balance adjustments
 * through the ledger (never below zero), block and unblock. Every change is one transaction with its audit row.
 */
export function createCustomersAdminService(deps: CustomersAdminDeps) {
  const { db, repository, wallet, audit, endSignIns, ticketsOf, clock = systemClock } = deps;
  const transaction = createTransactionOpener(db);
  const reads = createCustomerReads(deps);
  const { existing } = reads;
  const { orderOf, ticketOf } = adjustmentTies(repository, ticketsOf);

  return {
    search: reads.search,
    detail: reads.detail,
    byEmail: reads.byEmail,

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
