import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor } from "../../../contract/money-units";
import { parseAmount } from "../../../contract/parse-amount";
import { DEFAULT_DEPOSIT_LIMITS, depositRequestSchemaFor, type DepositRequest, type DepositResponse } from "../../../contract/wallet";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useBillingDraft } from "~/lib/billing/billing";
import { BillingFields } from "~/components/billing-fields";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";
import { useLocale } from "~/i18n/use-locale";
import type { RootData } from "~/lib/root-data";

const depositCheck = depositRequestSchemaFor(DEFAULT_DEPOSIT_LIMITS);
/** The example the format message shows: a thousand and a half, written the page's way. */
const EXAMPLE_MINOR = 100050;

/**
 * The amount is typed the page language's way ("1.000,50" in Spanish, "1,000.50" in English) and read by the one
 * parser (contract/parse-amount). The limits (DEPOSIT_MIN, DEPOSIT_MAX) are named under the field before typing;
 * the browser checks them with the very message the server answers with.
 */
/** Top up the balance: billing details, amount and agreement → POST /api/balance/deposit → off to pay. */
export function DepositForm({ currency }: { currency: Currency }) {
  const { t } = useTranslation("balance");
  const { t: tf } = useTranslation("validation");
  const { locale } = useLocale();
  const limits = useRouteLoaderData<RootData>("root")?.depositLimits ?? DEFAULT_DEPOSIT_LIMITS;
  const min = formatMoney({ minor: Math.round(limits.min * 100), currency }, locale);
  const max = formatMoney({ minor: Math.round(limits.max * 100), currency }, locale);
  const [billing, setBilling] = useBillingDraft();
  const [amount, setAmount] = useState("");
  const submit = useApiSubmit();
  // Stays busy from a created deposit until the browser has left for the payment page.
  const [leaving, setLeaving] = useState(false);
  const busy = submit.busy || leaving;

  function amountMessage(parsed: ReturnType<typeof parseAmount>): string | null {
    if (!parsed.ok) {
      if (parsed.problem === "format") return tf("amountFormat", { example: formatMoney({ minor: EXAMPLE_MINOR, currency }, locale) });
      return tf(parsed.problem);
    }
    if (parsed.minor < Math.round(limits.min * 100) || parsed.minor > Math.round(limits.max * 100)) return tf("amountBetween", { min, max });
    return null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseAmount(amount, locale);
    const amountError = amountMessage(parsed);
    const request = { ...billing, depositAmount: parsed.ok ? toMajor(parsed.minor) : 0, currency };
    const checked = depositCheck.safeParse(request);
    const errors = checked.success ? {} : issuesToFieldErrors(checked.error.issues, request, tf);
    delete errors.depositAmount;
    if (amountError) errors.depositAmount = [amountError];
    if (!checked.success || amountError) return submit.invalid(errors);
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
        inputMode="decimal"
        autoComplete="off"
        required
        label={t("deposit.amount", { currency })}
        hint={`${t("deposit.limits", { min, max })} ${t("deposit.amountHint")}`}
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
