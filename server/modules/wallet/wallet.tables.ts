import type { DepositStatus, LedgerKind, WithdrawalRefundStatus } from "../../../contract/wallet";

/** One row per customer and currency; always equals the sum of that customer's ledger in that currency. */
export interface BalancesTable {
  user_id: string;
  currency: string;
  /** Integer minor units, never negative (CHECK). */
  amount: number;
  updated_at: string;
}

/** Append-only: every movement of money, signed (a debit is negative). */
export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  currency: string;
  kind: LedgerKind;
  amount: number;
  /** What caused the movement: a deposit id, an order id. */
  reference: string;
  created_at: string;
}

export interface DepositsTable {
  id: string;
  user_id: string;
  currency: string;
  amount: number;
  status: DepositStatus;
  provider: "sandbox" | "stripe";
  /** The provider's id for the payment (Stripe Checkout Session id); null for the sandbox. */
  provider_ref: string | null;
  /** The provider's payment a refund is made against (Stripe PaymentIntent id); null for the sandbox and older rows. */
  provider_payment: string | null;
  /** The billing fields sent with the deposit, as JSON. */
  billing_json: string;
  /** Language of the receipt mail. */
  locale: string;
  created_at: string;
  completed_at: string | null;
}

/** A balance moved by staff: the reason and who; its ledger row (kind `adjustment`) has this id as reference. */
export interface BalanceAdjustmentsTable {
  id: string;
  user_id: string;
  currency: string;
  /** Signed minor units. */
  amount: number;
  reason: string;
  staff_id: string;
  created_at: string;
  /** The order it is about (SC-000042), or null. */
  order_number: string | null;
  /** The support ticket it is about (T-1A2B3C4D), or null. */
  ticket_number: string | null;
}

/** Money a customer withdrew from their balance to the payments it came from (issue 25). */
export interface WithdrawalsTable {
  id: string;
  user_id: string;
  currency: string;
  /** Positive minor units taken off the balance. */
  amount: number;
  /** Language of the mail and the refund receipt. */
  locale: string;
  created_at: string;
}

/** One provider refund of a withdrawal: the part of it paid back to one deposit. */
export interface WithdrawalRefundsTable {
  id: string;
  withdrawal_id: string;
  deposit_id: string;
  user_id: string;
  currency: string;
  /** Positive minor units. */
  amount: number;
  /** pending until the provider confirms (succeeded) or refuses (failed: the amount returned to the balance). */
  status: WithdrawalRefundStatus;
  provider: "sandbox" | "stripe";
  /** The provider's refund id, once it has answered. */
  provider_ref: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface WalletTables {
  withdrawals: WithdrawalsTable;
  withdrawal_refunds: WithdrawalRefundsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  balances: BalancesTable;
  ledger_entries: LedgerEntriesTable;
  deposits: DepositsTable;
}
