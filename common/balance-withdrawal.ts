/** A deposit as a withdrawal sees it: how much of it (minor units) has not been paid back yet. */
export interface Refundable {
  remaining: number;
}

export interface RefundPart<T extends Refundable> {
  deposit: T;
  /** Minor units paid back to this deposit's payment. */
  amount: number;
}

/**
 * Splits `amount` (minor units) across the deposits as given (newest first), taking from each only what it has not
 * given back yet. Fewer minor units than asked (the sum of the parts) when the deposits do not cover it. The server
 * splits a withdrawal with it; the balance page shows the same split in its confirmation before anything is sent.
 */
export function splitAcrossDeposits<T extends Refundable>(amount: number, deposits: readonly T[]): Array<RefundPart<T>> {
  const parts: Array<RefundPart<T>> = [];
  let left = amount;
  for (const deposit of deposits) {
    if (left <= 0) break;
    const take = Math.min(left, deposit.remaining);
    if (take > 0) parts.push({ deposit, amount: take });
    left -= take;
  }
  return parts;
}

/** What can be withdrawn: the balance, up to what the paid deposits still have to give back (minor units). */
export function withdrawableOf(balance: number, deposits: readonly Refundable[]): number {
  return Math.min(balance, deposits.reduce((sum, deposit) => sum + deposit.remaining, 0));
}
