import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TicketDetail } from "../../../contract/admin-support";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { TextField } from "~/components/ui/text-field";
import type { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format-date";

export const boxClass = "rounded-md border border-slate-300 p-4 dark:border-slate-700";
const linkClass = "text-indigo-700 underline dark:text-indigo-300";

/** Sends one desk move (`path` under the ticket, with `payload`), and says `done` when it worked. */
export type TicketAct = (
  submit: ReturnType<typeof useApiSubmit>,
  path: string,
  payload: unknown,
  done: string,
  method?: string,
) => Promise<TicketDetail | undefined>;

/** Internal notes: staff only, said so on the box; never mailed or shown to the requester. */
export function NotesBox({ ticket, state, act }: { ticket: TicketDetail; state: ReturnType<typeof useApiSubmit>; act: TicketAct }) {
  const { t } = useTranslation("admin-support");
  const { locale } = useLocale();
  const [body, setBody] = useState("");
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await act(state, "notes", { body }, t("ticket.notes.saved"))) setBody("");
  };
  return (
    <section className={`${boxClass} border-dashed bg-amber-50/50 dark:bg-amber-950/20`} aria-labelledby="ticket-notes" data-testid="ticket-notes">
      <h2 id="ticket-notes" className="text-lg font-semibold">{t("ticket.notes.heading")}</h2>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">{t("ticket.notes.hint")}</p>
      {ticket.notes.length === 0 ? (
        <p className="text-sm">{t("ticket.notes.empty")}</p>
      ) : (
        <ul className="mb-3 space-y-2">
          {ticket.notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p className="font-medium">{t("ticket.notes.by", { name: note.staffName ?? t("ticket.notes.unknown"), date: formatDateTime(note.createdAt, locale) })}</p>
              <p className="whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate>
        <SubmitErrorAlert state={state} />
        <TextArea label={t("ticket.notes.label")} name="note" rows={3} required value={body} onChange={(event) => setBody(event.target.value)} error={state.fieldErrors.body} />
        <SubmitButton busy={state.busy} className="mt-2">{t("ticket.notes.submit")}</SubmitButton>
      </form>
    </section>
  );
}

/** Tags: each removable, and a field to add one; a tag links to the inbox filtered by it. */
export function TagsBox({ ticket, state, act }: { ticket: TicketDetail; state: ReturnType<typeof useApiSubmit>; act: TicketAct }) {
  const { t } = useTranslation("admin-support");
  const { to } = useLocale();
  const [tag, setTag] = useState("");
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await act(state, "tags", { tag }, t("ticket.tags.saved"))) setTag("");
  };
  return (
    <section className={boxClass} aria-labelledby="ticket-tags" data-testid="ticket-tags">
      <h2 id="ticket-tags" className="mb-2 text-lg font-semibold">{t("ticket.tags.heading")}</h2>
      {ticket.tags.length === 0 ? <p className="text-sm">{t("ticket.tags.empty")}</p> : null}
      <ul className="mb-2 flex flex-wrap gap-2">
        {ticket.tags.map((name) => (
          <li key={name} className="flex items-center gap-1 rounded-full border border-slate-400 px-2 text-sm dark:border-slate-600">
            <Link to={`${to("/admin/support")}?${new URLSearchParams({ status: "all", tag: name })}`} className={linkClass}>{name}</Link>
            <button type="button" aria-label={t("ticket.tags.remove", { tag: name })} className="px-1" onClick={() => void act(state, `tags/${encodeURIComponent(name)}`, undefined, t("ticket.tags.saved"), "DELETE")}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} noValidate>
        <SubmitErrorAlert state={state} />
        <TextField label={t("ticket.tags.label")} hint={t("ticket.tags.hint")} name="tag" value={tag} onChange={(event) => setTag(event.target.value)} error={state.fieldErrors.tag} />
        <SubmitButton busy={state.busy} className="mt-2">{t("ticket.tags.submit")}</SubmitButton>
      </form>
    </section>
  );
}

/** The customer with the requester's e-mail and their recent orders, each linking to the staff order page. */
export function CustomerBox({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation("admin-support");
  // Staff wording for an order's state (admin-orders), never the customer's.
  const { t: tStaff } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  return (
    <section className={boxClass} aria-labelledby="ticket-customer">
      <h2 id="ticket-customer" className="mb-2 text-lg font-semibold">{t("ticket.customer.heading")}</h2>
      {ticket.customer ? (
        <>
          <Link to={to(`/admin/customers/${ticket.customer.id}`)} className={linkClass}>
            {t("ticket.customer.profile", { name: ticket.customer.name })}
          </Link>
          <h3 className="mt-3 font-medium">{t("ticket.customer.orders")}</h3>
          {ticket.customer.orders.length === 0 ? (
            <p className="text-sm">{t("ticket.customer.noOrders")}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm" data-testid="ticket-customer-orders">
              {ticket.customer.orders.map((order) => (
                <li key={order.id}>
                  <Link to={to(`/admin/orders/${order.number}`)} className={linkClass}>{order.number}</Link>{" "}
                  · {tStaff(`status.${order.status}`)} · {formatMoney(moneyFromApi(order.total, order.currency), locale)} · {formatDateTime(order.createdAt, locale)}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="text-sm">{t("ticket.customer.none")}</p>
      )}
    </section>
  );
}
