import type { ParseKeys } from "i18next";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StaffOrderDetail } from "../../../contract/admin-orders";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { OrderBrief } from "~/components/order-brief";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { ApiClientError } from "~/lib/api/api-error";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { inputClass, Loading, secondaryButton } from "./admin-frame";
import { DeliverableSection } from "./deliverable-section";

/** A role or event kind the API names as a plain string: its key is looked up as is (missing ones show the key). */
type ServerKey = ParseKeys<"admin-orders">;

const BILLING_FIELDS = ["firstName", "lastName", "email", "businessName", "country", "city", "address1", "state", "zipCode"] as const;

/** The thread with the customer and the internal notes (marked, never shown to the customer), and the form for both. */
function Thread({ order, onChange }: { order: StaffOrderDetail; onChange(): void }) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  const [body, setBody] = useState("");
  const [internal, setInternal] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblems([]);
    try {
      await api(`/api/admin/orders/${encodeURIComponent(order.id)}/messages`, { method: "POST", body: { body, internal } });
      setBody("");
      onChange();
    } catch (error) {
      setProblems(error instanceof ApiClientError && error.messages.length > 0 ? error.messages : [t("moveFailed")]);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="thread-heading" className="space-y-3" data-testid="staff-thread">
      <h2 id="thread-heading" className="text-lg font-semibold">{t("thread.heading")}</h2>
      {order.messages.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("thread.none")}</p> : null}
      <ol className="space-y-2">
        {order.messages.map((message) => (
          <li key={message.id} className={`rounded-lg border p-3 text-sm ${message.internal ? "border-amber-500 bg-amber-50 dark:bg-amber-950" : "border-slate-300 dark:border-slate-800"}`}>
            <p className="mb-1 text-xs text-slate-700 dark:text-slate-300">
              {message.internal ? <strong>{t("thread.internal")} · </strong> : null}
              {message.author === "customer" ? t("thread.customer") : (message.authorName ?? t("thread.staff"))} · {formatDateTime(message.createdAt, locale)}
            </p>
            <p className="whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
      {problems.length > 0 ? <FormAlert tone="error" title={t("moveFailed")} messages={problems} /> : null}
      <form onSubmit={(event) => void send(event)} className="space-y-2">
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{internal ? t("thread.noteLabel") : t("thread.messageLabel")}</span>
          <textarea value={body} onChange={(event) => setBody(event.currentTarget.value)} required maxLength={5000} rows={3} className={inputClass} />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={internal} onChange={(event) => setInternal(event.currentTarget.checked)} className="h-5 w-5" />
          {t("thread.internalToggle")}
        </label>
        <button type="submit" className={secondaryButton} disabled={busy || !body.trim()} aria-busy={busy}>{internal ? t("thread.addNote") : t("thread.send")}</button>
      </form>
    </section>
  );
}

/** The billing details sent with the order (managers and admins only). */
function Billing({ billing }: { billing: Record<string, unknown> }) {
  const { t } = useTranslation("admin-orders");
  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="mb-2 text-lg font-semibold">{t("order.billing")}</h2>
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 text-sm">
        {BILLING_FIELDS.filter((field) => billing[field]).map((field) => (
          <div key={field} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{t(`billing.${field}`)}</dt>
            <dd className="break-words">{String(billing[field])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /admin/orders/{number}: everything about one order for staff (as much as their access shows), and what they may do with it. */
export function StaffOrderScreen({ number }: { number: string }) {
  const { t } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const productName = useProductName();
  const { data: order, failure, loading, reload } = useApiData<StaffOrderDetail>(`/api/admin/orders/${encodeURIComponent(number)}`);
  if (failure) return <FormAlert tone="error" title={failure.status === 404 ? t("order.notFound") : t("loadFailed")} messages={failure.status === 404 ? [] : failure.messages} />;
  if (loading && !order) return <Loading label={t("loading")} />;
  if (!order) return null;
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  return (
    <div className="space-y-8" data-testid="staff-order">
      <Link to={to("/admin/orders")} className="text-sm text-indigo-700 underline dark:text-indigo-300">{t("order.back")}</Link>
      <header className="space-y-1">
        <p className="text-lg font-medium" data-testid="staff-order-status">{t(`status.${order.status}`)}{order.late ? ` · ${t("queue.lateBadge")}` : ""}</p>
        <p className="text-sm">
          {t("order.placed", { date: formatDateTime(order.createdAt, locale) })} · {t("order.due", { date: formatDateTime(order.dueAt, locale) })}
        </p>
        <p className="text-sm">
          {t("queue.total")} <span className="tabular-nums">{money(order.total)}</span>
          {order.refunded > 0 ? <span data-testid="refunded"> · {t("order.refunded", { amount: money(order.refunded) })}</span> : null}
          {" · "}{t("order.writer")}: {order.writer?.name ?? t("queue.nobody")}
        </p>
        <p className="text-sm font-medium" data-testid="customer-locale">
          {t("order.customerLocale", { language: t(`languages.${order.customerLocale}`) })}
        </p>
        {order.customerBlocked ? (
          <p role="status" className="rounded-md border border-red-600 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-400 dark:text-red-200" data-testid="order-customer-blocked">
            <span className="mr-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">{t("queue.blockedBadge")}</span>
            {t("order.customerBlocked")}
            {order.customer?.id ? (
              <>
                {" "}
                <Link to={to(`/admin/customers/${order.customer.id}`)} className="underline">{t("order.customerPage")}</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </header>

      {order.deliverables.map((deliverable) => {
        const work = order.staffDeliverables.find((candidate) => candidate.n === deliverable.n);
        return work ? <DeliverableSection key={deliverable.n} order={order} deliverable={deliverable} work={work} onChange={reload} /> : null;
      })}

      {/* A writer sees the customer's first name only, and nothing of them on a pool item (order-access.ts). */}
      <div className="grid gap-6 md:grid-cols-2">
        {order.customer ? (
          <section aria-labelledby="customer-heading">
            <h2 id="customer-heading" className="mb-2 text-lg font-semibold">{t("order.customer")}</h2>
            <p>
              {order.customer.id ? (
                <Link to={to(`/admin/customers/${order.customer.id}`)} className="text-indigo-700 underline dark:text-indigo-300" data-testid="customer-link" title={t("order.customerPage")}>
                  {order.customer.name || order.customer.email}
                </Link>
              ) : (
                order.customer.name
              )}
            </p>
            {order.customer.email ? (
              <>
                <p className="text-sm"><a href={`mailto:${order.customer.email}`} className="text-indigo-700 underline dark:text-indigo-300">{order.customer.email}</a></p>
                {/* Both ways: a ticket lists the customer's orders, an order links to the customer's tickets. */}
                <p className="text-sm">
                  <Link to={`${to("/admin/support")}?${new URLSearchParams({ status: "all", q: order.customer.email })}`} className="text-indigo-700 underline dark:text-indigo-300" data-testid="customer-tickets">
                    {t("order.customerTickets")}
                  </Link>
                </p>
              </>
            ) : null}
          </section>
        ) : null}
        {order.billing ? <Billing billing={order.billing} /> : null}
      </div>

      <section aria-labelledby="briefs-heading" className="space-y-3">
        <h2 id="briefs-heading" className="text-lg font-semibold">{t("order.briefs")}</h2>
        {/* An item whose brief is empty is a colleague's work, which a writer does not see (order-access.ts, sightOf). */}
        {order.items.map((item, index) => Object.keys(item.brief).length === 0 ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a placed order's items never change or move, so the position is the item's identity
          <div key={index} className="rounded-lg border border-slate-300 p-3 dark:border-slate-800">
            <p className="mb-2 flex justify-between gap-4 font-medium"><span>{productName(item.productId)}</span><span className="tabular-nums">{money(item.price)}</span></p>
            <OrderBrief productId={item.productId} brief={item.brief} locale={locale} serviceName={productName} />
          </div>
        ))}
      </section>

      {order.access === "pool" ? null : <WorkDetails order={order} onChange={reload} />}
    </div>
  );
}

/** What a pool item does not show: the thread and the timeline (each deliverable lists its own versions). */
function WorkDetails({ order, onChange }: { order: StaffOrderDetail; onChange(): void }) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  return (
    <>
      <Thread order={order} onChange={onChange} />

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="mb-2 text-lg font-semibold">{t("order.timeline")}</h2>
        <ol className="space-y-1 text-sm" data-testid="staff-timeline">
          {order.staffEvents.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end, so an event keeps its position
            <li key={index}>
              <span className="text-slate-600 dark:text-slate-400">{formatDateTime(event.at, locale)}</span> · {event.actorName ?? t(`roles.${event.actorRole}` as ServerKey)} ·{" "}
              {event.kind === "status" && event.to ? t("timeline.status", { from: event.from ? t(`status.${event.from}`) : "—", to: t(`status.${event.to}`) }) : t(`timeline.${event.kind}` as ServerKey)}
              {event.note ? <span className="block pl-4 whitespace-pre-line text-slate-700 dark:text-slate-300">{event.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
