import type { TFunction } from "i18next";

/** A ticket's age as staff read it: minutes under an hour, hours under two days, then days. */
export function ticketAge(minutes: number, t: TFunction<"admin-support">): string {
  if (minutes < 60) return t("age.minutes", { count: minutes });
  if (minutes < 48 * 60) return t("age.hours", { count: Math.floor(minutes / 60) });
  return t("age.days", { count: Math.floor(minutes / (24 * 60)) });
}
