import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createDepositService, type DepositService, type DepositServiceDeps } from "./deposits.service";
import { createWalletService, type WalletService } from "./wallet.service";

export interface WalletModuleDeps extends Omit<DepositServiceDeps, "wallet"> {
  db: Kysely<Database>;
}

export interface WalletModule {
  /** Balances and their ledger, moved inside the caller's money transaction. */
  wallet: WalletService;
  /** Deposits: started with the payment provider, settled once, credited to the wallet with a receipt. */
  deposits: DepositService;
}

/** The wallet domain wired once: the wallet, and the deposits that credit it. */
export function createWalletModule(deps: WalletModuleDeps): WalletModule {
  const wallet = createWalletService(deps.db, deps.clock);
  return { wallet, deposits: createDepositService({ ...deps, wallet }) };
}
