import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TicketDetail } from "../../../contract/admin-support";
import { TicketThread } from "~/components/ticket-thread";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";
import { formatMoney, moneyFromApi } from "../../../contract/money";

const boxClass = "rounded-md border border-slate-300 p-4 dark:border-slate-700";

/** One ticket: the thread, a reply (mailed with the private link), assignment, close or reopen, and the customer's orders. */
export function TicketPage({ id }: { id: string }) {
  const { t } = useTranslation("admin-support");
  // Staff wording for an order's state (admin-orders), never the customer's.
  const { t: tStaff } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const { data: ticket, failure, loading, reload, replace } = useApiData<TicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id)}`);
  const reply = useApiSubmit();
  const assign = useApiSubmit();
  const move = useApiSubmit();
  const [body, setBody] = useState("");
  const [note, setNote] = useState<string | null>(null);

  const act = async (submit: ReturnType<typeof useApiSubmit>, path: string, payload: unknown, done: string) => {
    setNote(null);
    const answer = await submit.run(() => api<TicketDetail>(`/api/admin/support/tickets/${encodeURIComponent(id)}/${path}`, { method: "POST", body: payload }));
    if (answer) {
      replace(answer);
      setNote(done);
    }
    return answer;
  };

  const onReply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await act(reply, "replies", { body }, t("ticket.reply.sent"))) setBody("");
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
            <header>
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("ticket.heading", { email: ticket.email })}</h1>
              <p className="mt-1 flex flex-wrap gap-3 text-sm text-slate-700 dark:text-slate-300">
                <span className="rounded-full border border-slate-400 px-3" data-testid="ticket-status">{t(`ticket.status.${ticket.status}`)}</span>
                <span>{t("ticket.opened", { date: formatDateTime(ticket.createdAt, locale) })}</span>
                <span>{t("ticket.language", { language: t(`languages.${ticket.locale}`) })}</span>
              </p>
            </header>
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
                <form onSubmit={onReply} noValidate className={boxClass}>
                  <h2 className="mb-2 text-lg font-semibold">{t("ticket.reply.heading")}</h2>
                  <SubmitErrorAlert state={reply} />
                  <TextArea
                    label={t("ticket.reply.label")}
                    hint={t("ticket.reply.hint", { email: ticket.email })}
                    name="body"
                    required
                    value={body}
                    onChange={(event) => setBody(event.target.value)}
                    error={reply.fieldErrors.body}
                  />
                  <SubmitButton busy={reply.busy} className="mt-3">{t("ticket.reply.submit")}</SubmitButton>
                </form>
              </div>
              <aside className="space-y-4">
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
                <div className={boxClass}>
                  {ticket.status === "open" ? (
                    <SubmitButton type="button" busy={move.busy} onClick={() => void act(move, "close", undefined, t("ticket.closed"))}>{t("ticket.close")}</SubmitButton>
                  ) : (
                    <SubmitButton type="button" busy={move.busy} onClick={() => void act(move, "reopen", undefined, t("ticket.reopened"))}>{t("ticket.reopen")}</SubmitButton>
                  )}
                </div>
                <section className={boxClass} aria-labelledby="ticket-customer">
                  <h2 id="ticket-customer" className="mb-2 text-lg font-semibold">{t("ticket.customer.heading")}</h2>
                  {ticket.customer ? (
                    <>
                      <Link to={to(`/admin/customers/${ticket.customer.id}`)} className="text-indigo-700 underline dark:text-indigo-300">
                        {t("ticket.customer.profile", { name: ticket.customer.name })}
                      </Link>
                      <h3 className="mt-3 font-medium">{t("ticket.customer.orders")}</h3>
                      {ticket.customer.orders.length === 0 ? (
                        <p className="text-sm">{t("ticket.customer.noOrders")}</p>
                      ) : (
                        <ul className="mt-1 space-y-1 text-sm" data-testid="ticket-customer-orders">
                          {ticket.customer.orders.map((order) => (
                            <li key={order.id}>
                              <Link to={to(`/admin/orders/${order.number}`)} className="text-indigo-700 underline dark:text-indigo-300">{order.number}</Link>{" "}
                              · {tStaff(`status.${order.status}`)} · {formatMoney(moneyFromApi(order.total, order.currency), locale)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </>
                  ) : (
                    <p className="text-sm">{t("ticket.customer.none")}</p>
                  )}
                </section>
              </aside>
            </div>
          </div>
        ) : null}
      </LoadState>
    </section>
  );
}
