import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { BillingFields, DepositLimits } from "../../../contract/wallet";
import type { BillingDetails } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { StoreMetrics } from "../../platform/metrics";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { PaymentProvider } from "../payments";
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
  /** The provider's payment a refund is later made against (Stripe PaymentIntent id), when it says. */
  paymentRef?: string | null;
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
