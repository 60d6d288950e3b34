import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor, toMinor } from "../../../contract/money";
import { DEFAULT_DEPOSIT_LIMITS, type DepositDetails, type DepositLimits, type DepositResponse, type DepositStatus, type SandboxPayment } from "../../../contract/wallet";
import type { BillingFields } from "../../../contract/wallet";
import type { BillingDetails } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { Locale } from "../../i18n/messages";
import type { StoreMetrics } from "../../platform/metrics";
import { lockOpenAccount } from "../accounts";
import type { DocumentsService, IssuedDocument } from "../documents";
import type { MailService } from "../mail";
import type { PaymentProvider } from "../payments";
import { depositReceipt } from "./deposit-receipt";
import { createDepositsRepository, type DepositRow } from "./deposits.repository";
import type { WalletService } from "./wallet.service";
import { createTransactionOpener } from "../../platform/transactions";

export interface NewDeposit extends BillingFields {
  depositAmount: number;
  currency: Currency;
}

/** What the provider says was paid; a confirmation that does not match the deposit credits nothing. */
export interface ProviderPayment {
  providerRef: string;
  /** Minor units. */
  amount: number | null;
  currency: string | null;
}

/** credited: this call added the money; unchanged: it was settled before; mismatch/unknown: nothing done. */
export type ConfirmOutcome = "credited" | "unchanged" | "mismatch" | "unknown";

export interface DepositServiceDeps {
  db: Kysely<Database>;
  wallet: WalletService;
  payments: PaymentProvider;
  mail: MailService;
  metrics?: Pick<StoreMetrics, "depositCredited">;
  clock?: Clock;
  /** The account's own address: the receipt goes there only, never to a billing address the client typed. */
  accountEmail: (userId: string) => Promise<string | undefined>;
  /** DEPOSIT_MIN and DEPOSIT_MAX, major units. */
  limits?: DepositLimits;
  documents: DocumentsService;
  /** Remembers the billing details a deposit was sent with, to prefill the next one. */
  rememberBilling: (userId: string, billing: BillingDetails) => Promise<void>;
}

function matches(row: DepositRow, payment: ProviderPayment): boolean {
  return row.provider_ref === payment.providerRef && row.amount === payment.amount && row.currency === payment.currency?.toUpperCase();
}

/**
 * Deposits: a pending deposit is created with the provider's payment page, then settled exactly once. Crediting is
 * decided by one conditional UPDATE (pending → paid) in the same transaction as the credit, so a confirmation that
 * arrives ten times, even all at once, credits once, and a declined or expired deposit is never credited.
 */
const DEPOSIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createDepositService({
  db, wallet, payments, mail, accountEmail, documents, rememberBilling, clock = systemClock, metrics, limits = DEFAULT_DEPOSIT_LIMITS,
}: DepositServiceDeps) {
  const minMinor = Math.round(limits.min * 100);
  const maxMinor = Math.round(limits.max * 100);
  const repository = createDepositsRepository(db);
  const transaction = createTransactionOpener(db);
  const owned = async (userId: string, depositId: string): Promise<DepositRow> => {
    // Ids are UUIDs: anything else (a NUL byte PostgreSQL refuses, say) is simply not found.
    if (!DEPOSIT_ID.test(depositId)) throw DomainError.notFound();
    const row = await repository.find(depositId);
    if (!row || row.user_id !== userId) throw DomainError.notFound();
    return row;
  };

  const ownedSandbox = async (userId: string, depositId: string): Promise<DepositRow> => {
    const row = await owned(userId, depositId);
    if (payments.name !== "sandbox" || row.provider !== "sandbox") throw DomainError.notFound();
    return row;
  };

  const sendReceipt = async (row: DepositRow, paidAt: string, receipt: IssuedDocument) => {
    const billing = JSON.parse(row.billing_json) as BillingFields;
    const currency = row.currency as Currency;
    const balance = await wallet.balance(row.user_id, currency);
    const locale = row.locale as Locale;
    const name = billing.firstName;
    const to = await accountEmail(row.user_id);
    if (!to) return;
    const message = depositReceipt({ to, name, depositId: row.id, amount: row.amount, currency, balance, paidAt, locale });
    await mail.send(documents.attached(message, receipt, locale));
  };

  const service = {
    async create(userId: string, request: NewDeposit, locale: Locale): Promise<DepositResponse> {
      const { depositAmount, currency, ...billing } = request;
      const amount = toMinor(depositAmount);
      if (amount === null) throw DomainError.field("depositAmount", "validation.twoDecimals");
      if (amount < minMinor || amount > maxMinor) {
        const min = formatMoney({ minor: minMinor, currency }, locale);
        const max = formatMoney({ minor: maxMinor, currency }, locale);
        throw DomainError.field("depositAmount", "validation.amountBetween", { min, max });
      }
      const id = randomUUID();
      const start = await payments.startCheckout({ depositId: id, amount, currency, email: billing.email, locale });
      const row: DepositRow = {
        id,
        user_id: userId,
        currency,
        amount,
        status: "pending",
        provider: payments.name,
        provider_ref: start.providerRef,
        billing_json: JSON.stringify(billing),
        locale,
        created_at: clock.now().toISOString(),
        completed_at: null,
      };
      // Stored only while the account is open: a deposit racing its closing waits for it and is refused (401).
      await transaction(async (trx) => {
        await lockOpenAccount(trx, userId);
        await repository.insert(row, trx);
      });
      const { agreedToPP_TOS: _agreed, ...details } = billing;
      await rememberBilling(userId, details);
      return { depositId: id, status: "pending", paymentUrl: start.paymentUrl };
    },

    async details(userId: string, depositId: string): Promise<DepositDetails> {
      const row = await owned(userId, depositId);
      return { depositId: row.id, amount: toMajor(row.amount), currency: row.currency as Currency, status: row.status, createdAt: row.created_at };
    },

    async sandboxPayment(userId: string, depositId: string): Promise<SandboxPayment> {
      const row = await ownedSandbox(userId, depositId);
      return { depositId: row.id, amount: toMajor(row.amount), currency: row.currency as Currency, status: row.status };
    },

    /** The buyer pressed Pay or Decline on the sandbox page; answers the deposit's status afterwards. */
    async completeSandbox(userId: string, depositId: string, outcome: "paid" | "declined"): Promise<{ depositId: string; status: DepositStatus }> {
      await ownedSandbox(userId, depositId);
      if (outcome === "paid") await service.confirmPaid(depositId);
      else await service.fail(depositId, "declined");
      const row = await repository.find(depositId);
      if (!row) throw DomainError.notFound();
      return { depositId, status: row.status };
    },

    /** Credits a pending deposit once. With `payment`, only when the provider's reference, amount and currency match. */
    async confirmPaid(depositId: string, payment?: ProviderPayment): Promise<ConfirmOutcome> {
      type Credited = { row: DepositRow; receipt: IssuedDocument };
      const settled = await transaction(async (trx): Promise<ConfirmOutcome | Credited> => {
        const row = await repository.find(depositId, trx);
        if (!row) return "unknown";
        if (payment && !matches(row, payment)) return "mismatch";
        if (!(await repository.settle(depositId, "paid", undefined, trx))) return "unchanged";
        const currency = row.currency as Currency;
        await wallet.credit(trx, { userId: row.user_id, currency, amount: row.amount, kind: "deposit", reference: row.id });
        // The receipt is numbered in the transaction that credits the money, so a rolled-back credit takes no number.
        const billing = JSON.parse(row.billing_json) as BillingFields;
        const receipt = await documents.issueReceipt(trx, { userId: row.user_id, depositId: row.id, amount: row.amount, currency, locale: row.locale as Locale, billing });
        return { row, receipt };
      });
      if (typeof settled === "string") return settled;
      metrics?.depositCredited(settled.row.currency);
      await sendReceipt(settled.row, clock.now().toISOString(), settled.receipt);
      return "credited";
    },

    /** Every deposit of the user with the billing details sent with it, oldest first (the data export). */
    async listFor(userId: string) {
      const rows = await repository.listForUser(userId);
      return rows.map((row) => ({
        id: row.id,
        amount: toMajor(row.amount),
        currency: row.currency,
        status: row.status,
        createdAt: row.created_at,
        billing: JSON.parse(row.billing_json) as Record<string, unknown>,
      }));
    },

    /** Account closing: forgets who paid each deposit; the ledger and the receipts are kept. */
    forgetBilling: (userId: string, trx?: Kysely<Database>) => repository.forgetBilling(userId, trx),

    /** Declines or expires a pending deposit (of that provider payment, when given); false when nothing changed. */
    async fail(depositId: string, status: "declined" | "expired", providerRef?: string): Promise<boolean> {
      return repository.settle(depositId, status, providerRef);
    },
  };
  return service;
}

export type DepositService = ReturnType<typeof createDepositService>;
