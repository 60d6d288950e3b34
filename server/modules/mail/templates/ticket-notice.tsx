import { defineMail } from "./mail-template";
import { Facts, Paragraph, Quote } from "./parts";

/** To the support inbox (in the team's language): a new ticket with the whole message. */
export const ticketNotice = defineMail<{ reference: string; subject?: string; email: string; language: string; message: string; receivedAt: string }>({
  subject: (data, { t }) => t("email.ticketNotice.subject", { reference: data.reference, email: data.email }),
  body: (data, { t, dateTime }) => (
    <>
      <Paragraph>{t("email.ticketNotice.intro")}</Paragraph>
      <Facts
        rows={[
          [t("email.ticketNotice.reference"), data.reference],
          // Mails queued before tickets had subjects render without the row.
          ...(data.subject ? [[t("email.ticketNotice.subjectLine"), data.subject] as [string, string]] : []),
          [t("email.ticketNotice.from"), data.email],
          [t("email.ticketNotice.language"), data.language],
          [t("email.ticketNotice.received"), dateTime(data.receivedAt)],
        ]}
      />
      <Quote text={data.message} />
    </>
  ),
  examples: [{ reference: "T-1A2B3C4D", subject: "Mi página web", email: "lucia@example.test", language: "es", message: "¿Podéis escribir mi página?", receivedAt: "2026-11-23T10:15:00.000Z" }],
});
