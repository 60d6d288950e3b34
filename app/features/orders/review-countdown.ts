/** How long the review window still runs: whole days while a day or more is left, then hours (at least one). */
export type TimeLeft = { unit: "days" | "hours"; count: number } | { unit: "ending" };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The time left until `endsAt` (ISO-8601) at `now`; "ending" once it is reached, as the timed job completes it. */
export function timeLeft(endsAt: string, now: Date): TimeLeft {
  const ms = new Date(endsAt).getTime() - now.getTime();
  if (ms <= 0) return { unit: "ending" };
  if (ms >= DAY) return { unit: "days", count: Math.floor(ms / DAY) };
  return { unit: "hours", count: Math.max(1, Math.floor(ms / HOUR)) };
}
