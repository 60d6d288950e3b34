import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../contract/admin-customers";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import type { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { useProductName } from "~/lib/product-name";

type OpenWork = CustomerDetail["openWork"];

/** Each paid service still open, with a link to refund it on its order page (the refund action lives there; nothing is refunded here). */
export function OpenWorkList({ work, testId }: { work: OpenWork; testId: string }) {
  const { t } = useTranslation("admin-customers");
  const { t: tStaff } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const productName = useProductName();
  return (
    <ul className="space-y-1 text-sm" data-testid={testId}>
      {work.map((item) => (
        <li key={`${item.number}:${item.n}`}>
          {t("customer.openWork.line", {
            number: item.number, n: item.n, service: productName(item.service), status: tStaff(`status.${item.status}`),
            amount: formatMoney(moneyFromApi(item.refundable, item.currency), locale),
          })}{" "}
          <Link to={to(`/admin/orders/${item.number}#deliverable-${item.n}`)} className="text-indigo-700 underline dark:text-indigo-300">
            {t("customer.openWork.refund", { number: item.number, n: item.n })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Block or unblock. Blocking is confirmed first, the dialog naming the customer's paid work still open (each with the
 * way to refund it): a block refunds nothing on its own.
 */
export function BlockForm({ customer, state, send }: {
  customer: CustomerDetail;
  state: ReturnType<typeof useApiSubmit>;
  send(path: "block" | "unblock", body?: Record<string, unknown>): Promise<boolean>;
}) {
  const { t } = useTranslation("admin-customers");
  const [reason, setReason] = useState("");
  const [asking, setAsking] = useState(false);
  const blocked = customer.blockedAt !== null;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;

  const block = async () => {
    setAsking(false);
    if (await send("block", { reason })) setReason("");
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) void send("unblock");
    else if (reason.trim().length >= 3) setAsking(true);
    else void block();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-md border border-slate-300 p-4 dark:border-slate-700" data-testid="block-form">
      <h2 className="mb-2 text-lg font-semibold">{blocked ? t("customer.unblock.heading") : t("customer.block.heading")}</h2>
      <SubmitErrorAlert state={state} />
      {blocked ? null : (
        <>
          <p className="mb-2 text-sm">{t("customer.block.hint")}</p>
          <TextField label={t("customer.block.reason")} name="reason" required maxLength={500} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={state.fieldErrors.reason} />
        </>
      )}
      <SubmitButton busy={state.busy} className="mt-3">{blocked ? t("customer.unblock.submit") : t("customer.block.submit")}</SubmitButton>
      <ConfirmDialog
        open={asking}
        title={t("customer.block.confirmTitle", { name })}
        confirmLabel={t("customer.block.confirm")}
        cancelLabel={t("customer.block.cancel")}
        onConfirm={() => void block()}
        onCancel={() => setAsking(false)}
        busy={state.busy}
        testId="block-dialog"
      >
        <p>{t("customer.block.hint")}</p>
        {customer.openWork.length === 0 ? (
          <p>{t("customer.block.noOpenWork")}</p>
        ) : (
          <>
            <p>{t("customer.block.openWork", { count: customer.openWork.length })}</p>
            <OpenWorkList work={customer.openWork} testId="block-open-work" />
          </>
        )}
      </ConfirmDialog>
    </form>
  );
}
