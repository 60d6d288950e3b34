import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { type Clock, systemClock } from "../../platform/clock";
import { createWalletBalances, type WalletBalances } from "./wallet-balances";
import { createWalletLedger, type WalletLedger } from "./wallet-ledger";
import { createWalletReports, type WalletReports } from "./wallet-reports";

export type { LedgerEntry, Movement } from "./wallet-movements";

/** Balances and their ledger. Each method runs on the database, or on the transaction given last. */
export interface WalletRepository extends WalletBalances, WalletLedger, WalletReports {}

/** Rows are dated by `clock` (the injected one, so tests with a manual clock see the times they set). */
export function createWalletRepository(db: Kysely<Database>, clock: Clock = systemClock): WalletRepository {
  return { ...createWalletBalances(db, clock), ...createWalletLedger(db, clock), ...createWalletReports(db) };
}
