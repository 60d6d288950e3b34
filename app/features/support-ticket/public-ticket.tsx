import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PublicTicket } from "../../../contract/admin-support";
import { intlLocale } from "../../../common/locales";
import { TicketThread } from "~/components/ticket-thread";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { ApiClientError } from "~/lib/api/api-error";
import { useApiData } from "~/lib/api/use-api-data";

/**
 * The requester's private page behind the link mailed with a staff reply: the conversation and a form to answer,
 * without an account. The token is the only key, so it is never sent anywhere but our API.
 */
export function PublicTicketPage({ token }: { token: string }) {
  const { t } = useTranslation("support-ticket");
  const { t: tCommon } = useTranslation("common");
  const { locale, to } = useLocale();
  const path = `/api/support/tickets/${encodeURIComponent(token)}`;
  const { data: ticket, failure, loading, reload, replace } = useApiData<PublicTicket>(path, { auth: false });
  const submit = useApiSubmit();
  const [body, setBody] = useState("");
  const [sent, setSent] = useState(false);

  const title = <title>{`${ticket ? t("titleWith", { reference: ticket.reference }) : t("title")} — ${tCommon("brand")}`}</title>;
  if (failure instanceof ApiClientError && failure.status === 404) {
    return (
      <div data-testid="ticket-link-ended">
        {title}
        <h2 className="mb-2 text-2xl font-semibold">{t("ended.heading")}</h2>
        <p className="mb-4">{t("ended.text")}</p>
        <Link to={to("/contact-us")} className="text-indigo-700 underline dark:text-indigo-300">{t("ended.contact")}</Link>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    const answer = await submit.run(() => api<PublicTicket>(`${path}/replies`, { method: "POST", body: { body }, auth: false }));
    if (answer) {
      replace(answer);
      setBody("");
      setSent(true);
    }
  };

  return (
    <>
    {title}
    <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
      {ticket ? (
        <div className="space-y-6">
          <p className="text-slate-700 dark:text-slate-300">
            {t("intro", { date: new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long" }).format(new Date(ticket.expiresAt)) })}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="ticket-reference">{t("ticket", { reference: ticket.reference, subject: ticket.subject })}</p>
          {ticket.status === "closed" ? <p role="status">{t("closed")}</p> : null}
          <TicketThread
            messages={ticket.messages}
            locale={locale}
            caption={t("heading")}
            authorLabel={(message) => (message.author === "requester" ? t("you") : message.staffName ? t("staff", { name: message.staffName }) : t("staffUnknown"))}
          />
          <form onSubmit={onSubmit} noValidate>
            {sent ? <FormAlert tone="success" title={t("reply.sent")} /> : null}
            <SubmitErrorAlert state={submit} />
            <TextArea label={t("reply.label")} name="body" required value={body} onChange={(event) => setBody(event.target.value)} error={submit.fieldErrors.body} />
            <SubmitButton busy={submit.busy} className="mt-3">{t("reply.submit")}</SubmitButton>
          </form>
        </div>
      ) : null}
    </LoadState>
    </>
  );
}
