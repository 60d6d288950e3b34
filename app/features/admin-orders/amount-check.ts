import { toMinor } from "../../../contract/money";

/** Why a typed amount cannot be sent, as a key of `moves.amount.*`; null when it can. */
export type AmountProblem = "invalid" | "zero" | "overLimit";

/** An amount a member of staff typed in major units ("12.50" or "12,50") as integer minor units; null when it is not one. */
export function minorFromInput(text: string): number | null {
  const written = text.trim().replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(written)) return null;
  return toMinor(Number(written));
}

/**
 * The form's own check of a refund or credit before it asks for a confirmation (the server checks again): a number
 * with at most two decimals, above zero when `positive`, and at most `limitMinor`.
 */
export function amountProblem(
  text: string,
  limitMinor: number,
  { positive }: { positive: boolean },
): AmountProblem | null {
  const minor = minorFromInput(text);
  if (minor === null) return "invalid";
  if (positive && minor === 0) return "zero";
  return minor > limitMinor ? "overLimit" : null;
}

/** What may still go back on a deliverable (minor units): its share less what was refunded and credited, never below 0. */
export function remainingShareMinor({
  price,
  refunded,
  credited,
}: {
  price: number;
  refunded: number;
  credited: number;
}): number {
  const minor = (major: number) => Math.round(major * 100);
  return Math.max(0, minor(price) - minor(refunded) - minor(credited));
}
