import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import { toMajor, toMinor } from "../../../contract/money";
import type { DepositDetails, DepositResponse, DepositStatus, SandboxPayment } from "../../../contract/wallet";
import type { BillingFields } from "../../../contract/wallet";
import type { BillingDetails } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import { ApiError } from "../../http/api-error";
import type { Locale } from "../../i18n/messages";
import type { DocumentsService, IssuedDocument } from "../documents/documents.service";
import type { MailService } from "../mail/mail.service";
import type { PaymentProvider } from "../payments/payment-provider";
import { depositReceipt } from "./deposit-receipt";
import { depositsRepository as repository, type DepositRow } from "./deposits.repository";
import type { WalletService } from "./wallet.service";

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
export function createDepositService({ db, wallet, payments, mail, documents, rememberBilling }: DepositServiceDeps) {
  const owned = async (userId: string, depositId: string): Promise<DepositRow> => {
    const row = await repository.find(db, depositId);
    if (!row || row.user_id !== userId) throw ApiError.notFound();
    return row;
  };

  const ownedSandbox = async (userId: string, depositId: string): Promise<DepositRow> => {
    const row = await owned(userId, depositId);
    if (payments.name !== "sandbox" || row.provider !== "sandbox") throw ApiError.notFound();
    return row;
  };

  const sendReceipt = async (row: DepositRow, paidAt: string, receipt: IssuedDocument) => {
    const billing = JSON.parse(row.billing_json) as BillingFields;
    const currency = row.currency as Currency;
    const balance = await wallet.balance(row.user_id, currency);
    const locale = row.locale as Locale;
    const name = billing.firstName;
    const pdf = await documents.attachment(receipt);
    await mail.send({
      ...depositReceipt({ to: billing.email, name, depositId: row.id, amount: row.amount, currency, balance, paidAt, locale, receiptNumber: receipt.number }),
      attachments: [pdf],
    });
  };

  const service = {
    async create(userId: string, request: NewDeposit, locale: Locale): Promise<DepositResponse> {
      const { depositAmount, currency, ...billing } = request;
      const amount = toMinor(depositAmount);
      if (amount === null) throw ApiError.field("depositAmount", "validation.twoDecimals");
      const id = randomUUID();
      const start = await payments.startCheckout({ depositId: id, amount, currency, email: billing.email, locale });
      await repository.insert(db, {
        id,
        user_id: userId,
        currency,
        amount,
        status: "pending",
        provider: payments.name,
        provider_ref: start.providerRef,
        billing_json: JSON.stringify(billing),
        locale,
        created_at: nowIso(),
        completed_at: null,
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
      const row = await repository.find(db, depositId);
      return { depositId, status: row!.status };
    },

    /** Credits a pending deposit once. With `payment`, only when the provider's reference, amount and currency match. */
    async confirmPaid(depositId: string, payment?: ProviderPayment): Promise<ConfirmOutcome> {
      type Credited = { row: DepositRow; receipt: IssuedDocument };
      const settled = await wallet.transaction(async (trx): Promise<ConfirmOutcome | Credited> => {
        const row = await repository.find(trx, depositId);
        if (!row) return "unknown";
        if (payment && !matches(row, payment)) return "mismatch";
        if (!(await repository.settle(trx, depositId, "paid"))) return "unchanged";
        const currency = row.currency as Currency;
        await wallet.credit(trx, { userId: row.user_id, currency, amount: row.amount, kind: "deposit", reference: row.id });
        const billing = JSON.parse(row.billing_json) as BillingFields;
        const receipt = await documents.issueReceipt(trx, { userId: row.user_id, depositId: row.id, amount: row.amount, currency, locale: row.locale as Locale, billing });
        return { row, receipt };
      });
      if (typeof settled === "string") return settled;
      await sendReceipt(settled.row, nowIso(), settled.receipt);
      return "credited";
    },

    /** Every deposit of the user with the billing details sent with it, oldest first (the data export). */
    async listFor(userId: string) {
      const rows = await repository.listForUser(db, userId);
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
    forgetBilling: (userId: string) => repository.forgetBilling(db, userId),

    /** Declines or expires a pending deposit (of that provider payment, when given); false when nothing changed. */
    async fail(depositId: string, status: "declined" | "expired", providerRef?: string): Promise<boolean> {
      return repository.settle(db, depositId, status, providerRef);
    },
  };
  return service;
}

export type DepositService = ReturnType<typeof createDepositService>;
