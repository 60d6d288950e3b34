import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import { depositRequestSchemaFor, type DepositRequest, type DepositResponse } from "../../../contract/wallet";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useBillingDraft } from "~/lib/billing/billing";
import { BillingFields } from "~/components/billing-fields";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";

/**
 * The browser checks the amount is a positive sum with at most two decimals; the limits (DEPOSIT_MIN, DEPOSIT_MAX)
 * are the server's to enforce, with their own message at the amount field.
 */
const depositCheck = depositRequestSchemaFor({ min: 0.01, max: Number.MAX_SAFE_INTEGER });

/** Top up the balance: billing details, amount and agreement → POST /api/balance/deposit → off to pay. */
export function DepositForm({ currency }: { currency: Currency }) {
  const { t } = useTranslation("balance");
  const { t: tf } = useTranslation("validation");
  const [billing, setBilling] = useBillingDraft();
  const [amount, setAmount] = useState("");
  const submit = useApiSubmit();
  // Stays busy from a created deposit until the browser has left for the payment page.
  const [leaving, setLeaving] = useState(false);
  const busy = submit.busy || leaving;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = { ...billing, depositAmount: amount.trim() === "" ? Number.NaN : Number(amount), currency };
    const checked = depositCheck.safeParse(request);
    if (!checked.success) return submit.invalid(issuesToFieldErrors(checked.error.issues, request, tf));
    const answer = await submit.run(() =>
      api<DepositResponse>("/api/balance/deposit", { method: "POST", body: checked.data satisfies DepositRequest }),
    );
    if (!answer) return;
    setLeaving(true);
    window.location.assign(answer.paymentUrl);
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="deposit-heading" className="space-y-4">
      <h2 id="deposit-heading" className="text-2xl font-semibold">
        {t("deposit.heading")}
      </h2>
      <SubmitErrorAlert state={submit} />
      <TextField
        name="depositAmount"
        type="number"
        inputMode="decimal"
        min={0.01}
        step="0.01"
        required
        label={t("deposit.amount", { currency })}
        hint={t("deposit.amountHint")}
        value={amount}
        error={submit.fieldErrors.depositAmount}
        disabled={busy}
        onChange={(event) => setAmount(event.target.value)}
      />
      <BillingFields value={billing} onChange={setBilling} errors={submit.fieldErrors} disabled={busy} />
      <SubmitButton busy={busy}>{busy ? t("deposit.sending") : t("deposit.submit")}</SubmitButton>
    </form>
  );
}
