import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SavedReplyList, TicketDetail } from "../../../contract/admin-support";
import { roleAtLeast } from "../../../contract/staff";
import { TicketThread } from "~/components/ticket-thread";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useAdminPageTitle } from "~/lib/admin-title";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { useViewerRole } from "~/lib/auth/staff-role";
import { formatDateTime } from "~/lib/format-date";
import { ticketAge } from "./ticket-age";
import { boxClass, CustomerBox, NotesBox, TagsBox, type TicketAct } from "./ticket-side";

/**
 * One ticket, by its number: the thread, a reply (a saved reply fills it in the requester's language; mailed with
 * the private link), internal notes, tags, assignment (managers and admins), close or reopen, and the customer's orders.
 */
export function TicketPage({ id }: { id: string }) {
  const { t } = useTranslation("admin-support");
  const { locale, to } = useLocale();
  const role = useViewerRole();
  const { data: ticket, failure, loading, reload, replace } = useApiData<TicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id)}`);
  const reply = useApiSubmit();
  const assign = useApiSubmit();
  const move = useApiSubmit();
  const notes = useApiSubmit();
  const tags = useApiSubmit();
  const [note, setNote] = useState<string | null>(null);
  useAdminPageTitle(ticket ? `${ticket.reference} · ${ticket.subject}` : undefined);

  const act: TicketAct = async (submit, path, payload, done, method = "POST") => {
    setNote(null);
    const answer = await submit.run(() => api<TicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id)}/${path}`, { method, body: payload }));
    if (answer) {
      replace(answer);
      setNote(done);
    }
    return answer;
  };
  const onAssign = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const staffId = String(new FormData(event.currentTarget).get("staffId") ?? "");
    await act(assign, "assign", { staffId: staffId || null }, t("ticket.assign.saved"));
  };

  return (
    <section>
      <p className="mb-2">
        <Link to={to("/admin/support")} className="text-sm text-indigo-700 underline dark:text-indigo-300">{t("ticket.back")}</Link>
      </p>
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("ticket.loading")} retryText={t("retry")}>
        {ticket ? (
          <div className="space-y-6">
            <TicketHeader ticket={ticket} />
            {note ? <FormAlert tone="success" title={note} /> : null}
            <SubmitErrorAlert state={move} />
            <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
              <div className="space-y-6">
                <TicketThread
                  messages={ticket.messages}
                  locale={locale}
                  caption={t("ticket.thread")}
                  authorLabel={(message) => (message.author === "requester" ? t("ticket.requester") : message.staffName ? t("ticket.staff", { name: message.staffName }) : t("ticket.staffUnknown"))}
                />
                <ReplyForm ticket={ticket} state={reply} act={act} />
                <NotesBox ticket={ticket} state={notes} act={act} />
              </div>
              <aside className="space-y-4">
                {roleAtLeast(role, "manager") ? (
                  <form onSubmit={onAssign} noValidate className={boxClass}>
                    <h2 className="mb-2 text-lg font-semibold">{t("ticket.assign.heading")}</h2>
                    <SubmitErrorAlert state={assign} />
                    <SelectField
                      key={ticket.assignee?.id ?? "nobody"}
                      label={t("ticket.assign.label")}
                      name="staffId"
                      defaultValue={ticket.assignee?.id ?? ""}
                      placeholder={t("ticket.assign.nobody")}
                      options={ticket.assignees.map((member) => ({ value: member.id, label: member.name || member.email }))}
                      error={assign.fieldErrors.staffId}
                    />
                    <SubmitButton busy={assign.busy} className="mt-3">{t("ticket.assign.submit")}</SubmitButton>
                  </form>
                ) : null}
                <div className={boxClass}>
                  {ticket.status === "open" ? (
                    <SubmitButton type="button" busy={move.busy} onClick={() => void act(move, "close", undefined, t("ticket.closed"))}>{t("ticket.close")}</SubmitButton>
                  ) : (
                    <SubmitButton type="button" busy={move.busy} onClick={() => void act(move, "reopen", undefined, t("ticket.reopened"))}>{t("ticket.reopen")}</SubmitButton>
                  )}
                </div>
                <TagsBox ticket={ticket} state={tags} act={act} />
                <CustomerBox ticket={ticket} />
              </aside>
            </div>
          </div>
        ) : null}
      </LoadState>
    </section>
  );
}

/** The ticket's number, requester, subject, state, age and first-response timer. */
function TicketHeader({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation("admin-support");
  const { locale } = useLocale();
  const firstResponse = ticket.firstResponseAt
    ? t("ticket.firstResponse.at", { date: formatDateTime(ticket.firstResponseAt, locale) })
    : t(ticket.overdue ? "ticket.firstResponse.overdue" : "ticket.firstResponse.due", { date: formatDateTime(ticket.firstResponseDueAt, locale) });
  return (
    <header>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("ticket.heading", { reference: ticket.reference, email: ticket.email })}</h1>
      <p className="mt-1 text-lg" data-testid="ticket-subject">{t("ticket.subject", { subject: ticket.subject })}</p>
      <p className="mt-1 flex flex-wrap gap-3 text-sm text-slate-700 dark:text-slate-300">
        <span className="rounded-full border border-slate-400 px-3" data-testid="ticket-status">{t(`ticket.status.${ticket.status}`)}</span>
        <span>{t("ticket.opened", { date: formatDateTime(ticket.createdAt, locale) })}</span>
        {ticket.status === "open" ? <span>{t("ticket.age", { age: ticketAge(ticket.ageMinutes, t) })}</span> : null}
        <span data-testid="ticket-first-response" className={ticket.overdue ? "font-medium text-red-800 dark:text-red-300" : undefined}>{firstResponse}</span>
        <span>{t("ticket.language", { language: t(`languages.${ticket.locale}`) })}</span>
      </p>
    </header>
  );
}

/** The reply to the requester; a saved reply, once picked, fills it in the requester's language. */
function ReplyForm({ ticket, state, act }: { ticket: TicketDetail; state: ReturnType<typeof useApiSubmit>; act: TicketAct }) {
  const { t } = useTranslation("admin-support");
  const { locale } = useLocale();
  const { data: saved } = useApiData<SavedReplyList>("/api/admin/support/saved-replies");
  const [body, setBody] = useState("");
  const [picked, setPicked] = useState("");
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await act(state, "replies", { body }, t("ticket.reply.sent"))) {
      setBody("");
      setPicked("");
    }
  };
  const onPick = (savedId: string) => {
    setPicked(savedId);
    const chosen = saved?.items.find((item) => item.id === savedId);
    if (chosen) setBody(chosen.body[ticket.locale]);
  };
  return (
    <form onSubmit={onSubmit} noValidate className={boxClass}>
      <h2 className="mb-2 text-lg font-semibold">{t("ticket.reply.heading")}</h2>
      <SubmitErrorAlert state={state} />
      {saved && saved.items.length > 0 ? (
        <SelectField
          label={t("ticket.savedReply.label")}
          hint={t("ticket.savedReply.hint", { language: t(`languages.${ticket.locale}`) })}
          name="savedReply"
          value={picked}
          onChange={(event) => onPick(event.target.value)}
          placeholder={t("ticket.savedReply.placeholder")}
          options={saved.items.map((item) => ({ value: item.id, label: item.title[locale] }))}
        />
      ) : null}
      <TextArea
        label={t("ticket.reply.label")}
        hint={t("ticket.reply.hint", { email: ticket.email })}
        name="body"
        required
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={state.fieldErrors.body}
      />
      <SubmitButton busy={state.busy} className="mt-3">{t("ticket.reply.submit")}</SubmitButton>
    </form>
  );
}
