import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../contract/admin-customers";
import { CURRENCIES } from "../../../contract/currency-codes";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";

type LedgerLine = CustomerDetail["balances"][number]["ledger"][number];

const boxClass = "rounded-md border border-slate-300 p-4 dark:border-slate-700";

/** One customer: profile, balances with their ledger, adjustments, block or unblock, orders and tickets. */
export function CustomerPage({ id }: { id: string }) {
  const { t } = useTranslation("admin-customers");
  const { t: tBalance } = useTranslation("balance");
  // Staff wording for an order's state (admin-orders), never the customer's.
  const { t: tStaff } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const { data: customer, failure, loading, reload, replace } = useApiData<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`);
  const adjust = useApiSubmit();
  const block = useApiSubmit();
  const [note, setNote] = useState<string | null>(null);
  const money = (amount: number, currency: string) => formatMoney(moneyFromApi(amount, currency as (typeof CURRENCIES)[number]), locale);

  const ledgerColumns = (currency: string): Array<Column<LedgerLine>> => [
    { id: "date", header: t("customer.ledger.date"), className: "whitespace-nowrap", cell: (line) => formatDateTime(line.createdAt, locale) },
    { id: "kind", header: t("customer.ledger.kind"), cell: (line) => tBalance(`transactions.kinds.${line.kind}`) },
    { id: "amount", header: t("customer.ledger.amount"), align: "end", cell: (line) => money(line.amount, currency) },
    { id: "reason", header: t("customer.ledger.reason"), className: "break-all", cell: (line) => line.reason ?? line.reference },
  ];

  const post = async (submit: ReturnType<typeof useApiSubmit>, path: string, body: unknown, done: string) => {
    setNote(null);
    const answer = await submit.run(() => api<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}/${path}`, { method: "POST", body }));
    if (answer) {
      replace(answer);
      setNote(done);
    }
    return answer;
  };

  const onAdjust = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = Number(String(data.get("amount") ?? "").replace(",", "."));
    const body = { currency: data.get("currency"), direction: data.get("direction"), amount: Number.isFinite(amount) ? amount : -1, reason: String(data.get("reason") ?? "") };
    if (await post(adjust, "adjustments", body, t("customer.adjust.done"))) form.reset();
  };
  const onBlock = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const blocked = customer?.blockedAt !== null;
    const answer = blocked
      ? await post(block, "unblock", undefined, t("customer.unblock.done"))
      : await post(block, "block", { reason: String(new FormData(form).get("reason") ?? "") }, t("customer.block.done"));
    if (answer) form.reset();
  };

  return (
    <section>
      <p className="mb-2">
        <Link to={to("/admin/customers")} className="text-sm text-indigo-700 underline dark:text-indigo-300">{t("customer.back")}</Link>
      </p>
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("customer.loading")} retryText={t("retry")}>
        {customer ? (
          <div className="space-y-6">
            <header>
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{`${customer.firstName} ${customer.lastName}`.trim() || customer.email}</h1>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                <span className="break-all">{customer.email}</span> · {t("customer.since", { date: formatDateTime(customer.createdAt, locale) })}
                {customer.company ? ` · ${t("customer.company")}: ${customer.company}` : ""} · {t("customer.country")}: {customer.country}
                {customer.city ? ` · ${t("customer.city")}: ${customer.city}` : ""}
              </p>
              {customer.blockedAt ? (
                <p role="status" className="mt-2 rounded-md border border-red-600 px-3 py-2 text-red-800 dark:border-red-400 dark:text-red-200" data-testid="customer-blocked">
                  {t("customer.blockedSince", { date: formatDateTime(customer.blockedAt, locale) })}
                </p>
              ) : null}
            </header>
            {note ? <FormAlert tone="success" title={note} /> : null}

            <section aria-labelledby="balances">
              <h2 id="balances" className="mb-2 text-xl font-semibold">{t("customer.balances")}</h2>
              {customer.balances.length === 0 ? <p>{t("customer.noBalance")}</p> : null}
              <div className="space-y-4">
                {customer.balances.map((balance) => (
                  <div key={balance.currency} className={boxClass} data-testid={`balance-${balance.currency}`}>
                    <h3 className="mb-2 font-medium">{t("customer.balance", { currency: balance.currency, amount: money(balance.balance, balance.currency) })}</h3>
                    <DataTable
                      caption={t("customer.ledger.caption", { currency: balance.currency })}
                      columns={ledgerColumns(balance.currency)}
                      rows={balance.ledger}
                      rowKey={(line) => line.id}
                      empty={t("customer.ledger.empty")}
                    />
                  </div>
                ))}
              </div>
            </section>

            <div className="grid gap-6 md:grid-cols-2">
              <form onSubmit={onAdjust} noValidate className={boxClass} data-testid="adjust-form">
                <h2 className="mb-2 text-lg font-semibold">{t("customer.adjust.heading")}</h2>
                <SubmitErrorAlert state={adjust} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <SelectField label={t("customer.adjust.currency")} name="currency" defaultValue="EUR" options={CURRENCIES.map((c) => ({ value: c, label: c }))} error={adjust.fieldErrors.currency} />
                  <SelectField
                    label={t("customer.adjust.direction")}
                    name="direction"
                    defaultValue="credit"
                    options={[{ value: "credit", label: t("customer.adjust.credit") }, { value: "debit", label: t("customer.adjust.debit") }]}
                    error={adjust.fieldErrors.direction}
                  />
                </div>
                <TextField label={t("customer.adjust.amount")} name="amount" inputMode="decimal" required error={adjust.fieldErrors.amount} />
                <TextField label={t("customer.adjust.reason")} name="reason" required hint={t("customer.adjust.reasonHint")} maxLength={500} error={adjust.fieldErrors.reason} />
                <SubmitButton busy={adjust.busy} className="mt-3">{t("customer.adjust.submit")}</SubmitButton>
              </form>

              <form onSubmit={onBlock} noValidate className={boxClass} data-testid="block-form">
                <h2 className="mb-2 text-lg font-semibold">{customer.blockedAt ? t("customer.unblock.heading") : t("customer.block.heading")}</h2>
                <SubmitErrorAlert state={block} />
                {customer.blockedAt ? null : (
                  <>
                    <p className="mb-2 text-sm">{t("customer.block.hint")}</p>
                    <TextField label={t("customer.block.reason")} name="reason" required maxLength={500} error={block.fieldErrors.reason} />
                  </>
                )}
                <SubmitButton busy={block.busy} className="mt-3">{customer.blockedAt ? t("customer.unblock.submit") : t("customer.block.submit")}</SubmitButton>
              </form>
            </div>

            <div className="grid gap-6 md:grid-cols-2">
              <section aria-labelledby="customer-orders" className={boxClass}>
                <h2 id="customer-orders" className="mb-2 text-lg font-semibold">{t("customer.orders")}</h2>
                {customer.orders.length === 0 ? <p className="text-sm">{t("customer.noOrders")}</p> : (
                  <ul className="space-y-1 text-sm">
                    {customer.orders.map((order) => (
                      <li key={order.id}>
                        <Link to={to(`/admin/orders/${order.number}`)} className="text-indigo-700 underline dark:text-indigo-300">{order.number}</Link>{" "}
                        · {tStaff(`status.${order.status}`)} · {money(order.total, order.currency)} · {formatDateTime(order.createdAt, locale)}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section aria-labelledby="customer-tickets" className={boxClass}>
                <h2 id="customer-tickets" className="mb-2 text-lg font-semibold">{t("customer.tickets")}</h2>
                {customer.tickets.length === 0 ? <p className="text-sm">{t("customer.noTickets")}</p> : (
                  <ul className="space-y-1 text-sm">
                    {customer.tickets.map((ticket) => (
                      <li key={ticket.id}>
                        <Link to={to(`/admin/support/${ticket.reference}`)} className="text-indigo-700 underline dark:text-indigo-300">{ticket.reference}</Link>{" "}
                        · {ticket.subject} · {formatDateTime(ticket.createdAt, locale)}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          </div>
        ) : null}
      </LoadState>
    </section>
  );
}
