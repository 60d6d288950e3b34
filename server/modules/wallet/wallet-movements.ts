import type { Currency } from "../../../contract/currency";
import type { LedgerKind } from "../../../contract/wallet";

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  /** Signed minor units. */
  amount: number;
  reference: string;
  createdAt: string;
}

export interface Movement {
  userId: string;
  currency: Currency;
  kind: LedgerKind;
  /** Signed minor units as written to the ledger. */
  amount: number;
  reference: string;
}
