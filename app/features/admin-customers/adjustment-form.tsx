import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CustomerDetail } from "../../../contract/admin-customers";
import { CURRENCIES, type Currency } from "../../../contract/currency-codes";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import type { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";

interface Values {
  currency: Currency;
  direction: "credit" | "debit";
  amount: string;
  reason: string;
  orderNumber: string;
  ticketNumber: string;
}

const blank = (currency: Currency): Values => ({ currency, direction: "credit", amount: "", reason: "", orderNumber: "", ticketNumber: "" });

/**
 * A credit or a debit of one balance, in the customer's own currency by default, optionally about one of their orders
 * or tickets. The values stay while the server refuses them (to be corrected), and every adjustment is confirmed first,
 * the dialog saying in words whether money is added or taken and what the balance becomes.
 */
export function AdjustmentForm({ customer, state, send }: {
  customer: CustomerDetail;
  state: ReturnType<typeof useApiSubmit>;
  send(body: Record<string, unknown>): Promise<boolean>;
}) {
  const { t } = useTranslation("admin-customers");
  const { locale } = useLocale();
  const [values, setValues] = useState<Values>(() => blank(customer.currency));
  const [asking, setAsking] = useState(false);
  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => setValues({ ...values, [field]: event.currentTarget.value });
  const amount = Number(values.amount.replace(",", "."));
  const valid = Number.isFinite(amount) && amount > 0;
  const money = (major: number) => formatMoney(moneyFromApi(major, values.currency), locale);
  const before = customer.balances.find((balance) => balance.currency === values.currency)?.balance ?? 0;
  const after = Math.round((before + (values.direction === "credit" ? amount : -amount)) * 100) / 100;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;

  const submit = async () => {
    setAsking(false);
    const body = {
      currency: values.currency, direction: values.direction, amount: valid ? amount : -1, reason: values.reason,
      ...(values.orderNumber.trim() ? { orderNumber: values.orderNumber } : {}),
      ...(values.ticketNumber.trim() ? { ticketNumber: values.ticketNumber } : {}),
    };
    // A saved adjustment clears the amount, reason and ties; the currency and direction stay for the next one.
    if (await send(body)) setValues({ ...blank(values.currency), direction: values.direction });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing to confirm in an amount that is not one: the server names what is wrong.
    if (valid && values.reason.trim()) setAsking(true);
    else void submit();
  };
  const about = [values.orderNumber.trim(), values.ticketNumber.trim().toUpperCase()].filter(Boolean).join(", ");
  const debit = values.direction === "debit";

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-md border border-slate-300 p-4 dark:border-slate-700" data-testid="adjust-form">
      <h2 className="mb-2 text-lg font-semibold">{t("customer.adjust.heading")}</h2>
      <SubmitErrorAlert state={state} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t("customer.adjust.currency")} name="currency" value={values.currency} onChange={set("currency")} options={CURRENCIES.map((c) => ({ value: c, label: c }))} error={state.fieldErrors.currency} />
        <SelectField
          label={t("customer.adjust.direction")}
          name="direction"
          value={values.direction}
          onChange={set("direction")}
          options={[{ value: "credit", label: t("customer.adjust.credit") }, { value: "debit", label: t("customer.adjust.debit") }]}
          error={state.fieldErrors.direction}
        />
      </div>
      <TextField label={t("customer.adjust.amount")} name="amount" inputMode="decimal" required value={values.amount} onChange={set("amount")} error={state.fieldErrors.amount} />
      <TextField label={t("customer.adjust.reason")} name="reason" required hint={t("customer.adjust.reasonHint")} maxLength={500} value={values.reason} onChange={set("reason")} error={state.fieldErrors.reason} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("customer.adjust.orderNumber")} name="orderNumber" hint={t("customer.adjust.orderHint")} maxLength={20} value={values.orderNumber} onChange={set("orderNumber")} error={state.fieldErrors.orderNumber} />
        <TextField label={t("customer.adjust.ticketNumber")} name="ticketNumber" hint={t("customer.adjust.ticketHint")} maxLength={20} value={values.ticketNumber} onChange={set("ticketNumber")} error={state.fieldErrors.ticketNumber} />
      </div>
      <SubmitButton busy={state.busy} className="mt-3">{t("customer.adjust.submit")}</SubmitButton>
      <ConfirmDialog
        open={asking}
        title={t(debit ? "customer.adjust.confirmDebit" : "customer.adjust.confirmCredit", { amount: money(amount), name, currency: values.currency })}
        confirmLabel={t(debit ? "customer.adjust.confirmDebitButton" : "customer.adjust.confirmCreditButton", { amount: money(amount) })}
        cancelLabel={t("customer.adjust.cancel")}
        onConfirm={() => void submit()}
        onCancel={() => setAsking(false)}
        busy={state.busy}
        testId="adjust-dialog"
      >
        <p>{t("customer.adjust.confirmBalance", { before: money(before), after: money(after) })}</p>
        <p className="break-words">{t("customer.adjust.confirmReason", { reason: values.reason.trim() })}</p>
        {about ? <p>{t("customer.adjust.confirmAbout", { about })}</p> : null}
      </ConfirmDialog>
    </form>
  );
}
