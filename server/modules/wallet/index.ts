/** The wallet module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createWalletModule, type WalletModule, type WalletModuleDeps } from "./wallet-module";
export {
  createWalletService,
  type WalletService,
  type WalletDebit,
  type WalletCredit,
  type Statement,
  type LedgerEntry,
} from "./wallet.service";
export { createDepositService, type DepositService } from "./deposits.service";
export type { WithdrawalService, RefundOutcome } from "./withdrawals.service";
