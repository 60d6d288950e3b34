import type { Kysely } from "kysely";
import type { DigestFrequency } from "../../../contract/notifications";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { TransactionOpener } from "../../platform/transactions";
import type { Locale } from "../../i18n/messages";
import type { MailService } from "../mail";
import { pathOf } from "./notification-view";
import { settingsFrom } from "./notification-settings";
import type { StaffRoster } from "./notification-ports";
import type { NotificationsRepository } from "./notifications.repository";

export const DIGEST_JOB = "notifications.digest";
/** A daily digest goes out with the first run of the day at or after this hour (UTC): the start of a working day. */
export const DAILY_DIGEST_HOUR = 7;
const HOUR_MS = 60 * 60_000;

/** The period a digest sent `now` covers at `frequency` (one digest per person and period), or null: none due now. */
export function digestPeriod(frequency: DigestFrequency, now: Date): string | null {
  if (frequency === "never") return null;
  if (frequency === "hourly") return now.toISOString().slice(0, 13);
  return now.getUTCHours() >= DAILY_DIGEST_HOUR ? now.toISOString().slice(0, 10) : null;
}

export interface DigestDeps {
  db: Kysely<Database>;
  repository: NotificationsRepository;
  roster: StaffRoster;
  mail: MailService;
  jobs: Pick<JobRunner, "register" | "schedule">;
  transaction: TransactionOpener;
  clock: Clock;
}

/** The next run, at the top of the next hour; once whatever the number of instances (the key names the hour). */
export async function scheduleNextDigest(deps: Pick<DigestDeps, "db" | "jobs" | "clock">): Promise<void> {
  const next = new Date(Math.floor(deps.clock.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  await deps.jobs.schedule(deps.db, { kind: DIGEST_JOB, runAt: next, uniqueKey: `${DIGEST_JOB}:${next.toISOString().slice(0, 13)}` });
}

/**
 * Each person with unread notifications not mailed yet gets one mail per period of the frequency they chose, of the
 * kinds they want in it, in their language. Each person's digest is one transaction: its period claimed (a retried or
 * concurrent run sends nothing twice), its notifications marked mailed, the mail queued (rendered after the commit).
 */
export async function sendDigests(deps: DigestDeps): Promise<number> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const waiting = await deps.repository.waitingRecipients();
  if (waiting.length === 0) return 0;
  const members = new Map((await deps.roster.activeMembers()).map((member) => [member.id, member]));
  const settings = new Map((await deps.repository.settingsOf(waiting)).map((row) => [row.user_id, settingsFrom(row)]));
  let sent = 0;
  for (const userId of waiting) {
    const member = members.get(userId);
    const chosen = settings.get(userId) ?? settingsFrom(undefined);
    const period = digestPeriod(chosen.frequency, now);
    const kinds = Object.entries(chosen.kinds).filter(([, delivery]) => delivery === "digest").map(([kind]) => kind);
    if (!member || !period || kinds.length === 0) continue;
    const mailed = await deps.transaction(async (trx) => {
      const rows = await deps.repository.undigested(trx, userId, kinds);
      if (rows.length === 0 || !(await deps.repository.claimDigest(trx, userId, period, at, rows.length))) return false;
      await deps.repository.markDigested(trx, rows.map((row) => row.id), at);
      const lines = rows.map((row) => ({
        kind: row.kind as "newWork",
        orderNumber: row.order_number,
        deliverable: row.deliverable_n,
        ticketReference: row.ticket_reference,
        at: row.created_at,
        path: pathOf(row),
      }));
      await deps.mail.send({ to: member.email, locale: chosen.locale as Locale, template: "notificationDigest", data: { firstName: member.first_name, lines } }, trx);
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

export function registerDigestJob(deps: DigestDeps): void {
  deps.jobs.register(DIGEST_JOB, async () => {
    // The next run first: a failing run (retried with backoff) never breaks the hourly chain.
    await scheduleNextDigest(deps);
    await sendDigests(deps);
  });
}
