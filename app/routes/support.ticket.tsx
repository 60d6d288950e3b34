import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PublicTicketPage } from "~/features/support-ticket/public-ticket";

/** /support/tickets/:token — the requester's private thread; never indexed, never cached (the token is the key). */
export default function SupportTicket() {
  const { t } = useTranslation("support-ticket");
  const token = useParams().token ?? "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="mb-6 text-4xl font-bold tracking-tight">{t("heading")}</h1>
      <PublicTicketPage token={token} />
    </main>
  );
}
