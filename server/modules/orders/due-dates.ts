/**
 * `days` business days after `from` (Monday to Friday, UTC; public holidays are not counted out): an order placed on
 * Friday with a three-day turnaround is due on Wednesday at the same time.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}
