import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../contract/admin-customers";
import type { CURRENCIES } from "../../../contract/currency-codes";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";
import { AdjustmentForm } from "./adjustment-form";
import { BlockForm, OpenWorkList } from "./block-form";

type LedgerLine = CustomerDetail["balances"][number]["ledger"][number];

const boxClass = "rounded-md border border-slate-300 p-4 dark:border-slate-700";

/** What a ledger line is about: a deposit's receipt number (never its internal id), an adjustment's reason and the order or ticket it names. */
function LedgerReference({ line }: { line: LedgerLine }) {
  const { t } = useTranslation("admin-customers");
  const { to } = useLocale();
  if (line.kind === "deposit") return <>{line.receiptNumber ? t("customer.ledger.receipt", { number: line.receiptNumber }) : "—"}</>;
  return (
    <>
      {line.reason ?? line.reference}
      {line.orderNumber ? (
        <>
          {" · "}
          <Link to={to(`/admin/orders/${line.orderNumber}`)} className="text-indigo-700 underline dark:text-indigo-300">{t("customer.ledger.order", { number: line.orderNumber })}</Link>
        </>
      ) : null}
      {line.ticketNumber ? ` · ${t("customer.ledger.ticket", { number: line.ticketNumber })}` : null}
    </>
  );
}

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
    { id: "reason", header: t("customer.ledger.reason"), className: "break-words", cell: (line) => <LedgerReference line={line} /> },
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

  const sendAdjustment = async (body: Record<string, unknown>) => Boolean(await post(adjust, "adjustments", body, t("customer.adjust.done")));
  const sendBlock = async (path: "block" | "unblock", body?: Record<string, unknown>) =>
    Boolean(await post(block, path, body, path === "block" ? t("customer.block.done") : t("customer.unblock.done")));

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
              <AdjustmentForm key={customer.id} customer={customer} state={adjust} send={sendAdjustment} />
              <BlockForm customer={customer} state={block} send={sendBlock} />
            </div>

            {customer.blockedAt && customer.openWork.length > 0 ? (
              <section aria-labelledby="open-work" className="rounded-md border border-red-600 p-4 dark:border-red-400">
                <h2 id="open-work" className="mb-1 text-lg font-semibold">{t("customer.openWork.heading")}</h2>
                <p className="mb-2 text-sm">{t("customer.openWork.blockedHint")}</p>
                <OpenWorkList work={customer.openWork} testId="open-work" />
              </section>
            ) : null}

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
