import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createWalletBalances, type WalletBalances } from "./wallet-balances";
import { createWalletLedger, type WalletLedger } from "./wallet-ledger";
import { createWalletReports, type WalletReports } from "./wallet-reports";

export type { LedgerEntry, Movement } from "./wallet-movements";

/** Balances and their ledger. Each method runs on the database, or on the transaction given last. */
export interface WalletRepository extends WalletBalances, WalletLedger, WalletReports {}

export function createWalletRepository(db: Kysely<Database>): WalletRepository {
  return { ...createWalletBalances(db), ...createWalletLedger(db), ...createWalletReports(db) };
}
