import { Link } from "@react-email/link";
import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** One line of a digest: what happened, on which order (and service) or ticket, and its back-office page. */
export interface DigestLine {
  kind: "newWork" | "answer" | "atRisk" | "revision" | "ticket";
  /** The order's number and its deliverable (1-based, or null for the whole order), or the ticket's number. */
  orderNumber: string | null;
  deliverable: number | null;
  ticketReference: string | null;
  at: string;
  /** The back office's page of the order or ticket (path under the site, e.g. /admin/orders/SC-000042). */
  path: string;
}

/** To a member of staff, at the frequency they chose: their unread notifications, each linking to its work. */
/** "SC-000042, service 2", "SC-000042" or "T-5A8E837D", in the reader's language. */
const subjectOf = (line: DigestLine, t: (key: string, params?: Record<string, string | number>) => string): string =>
  line.ticketReference ??
  (line.deliverable !== null ? t("email.notificationDigest.deliverable", { number: line.orderNumber ?? "", n: line.deliverable }) : (line.orderNumber ?? ""));

export const notificationDigest = defineMail<{ firstName: string; lines: DigestLine[] }>({
  subject: (data, { t }) => t("email.notificationDigest.subject", { count: data.lines.length }),
  body: (data, { t, dateTime, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.notificationDigest.intro", { count: data.lines.length })}</Paragraph>
      {data.lines.map((line) => (
        <Paragraph key={`${line.kind}${line.path}${line.deliverable}${line.at}`}>
          {t(`email.notificationDigest.kinds.${line.kind}`, { subject: subjectOf(line, t) })} · {dateTime(line.at)}{" "}
          <Link href={page(line.path)}>{t("email.notificationDigest.open")}</Link>
        </Paragraph>
      ))}
      <Action href={page("/admin/notifications")}>{t("email.notificationDigest.button")}</Action>
      <Paragraph>{t("email.notificationDigest.settings")}</Paragraph>
    </>
  ),
  examples: [
    {
      firstName: "Ann",
      lines: [
        { kind: "newWork", orderNumber: "SC-000042", deliverable: null, ticketReference: null, at: "2026-11-28T09:15:00.000Z", path: "/admin/orders/SC-000042" },
        { kind: "answer", orderNumber: "SC-000041", deliverable: 2, ticketReference: null, at: "2026-11-28T09:20:00.000Z", path: "/admin/orders/SC-000041" },
        { kind: "atRisk", orderNumber: "SC-000040", deliverable: 1, ticketReference: null, at: "2026-11-28T10:00:00.000Z", path: "/admin/orders/SC-000040" },
      ],
    },
    { firstName: "Lucía", lines: [{ kind: "ticket", orderNumber: null, deliverable: null, ticketReference: "T-5A8E837D", at: "2026-11-28T09:15:00.000Z", path: "/admin/support/x" }] },
  ],
});
