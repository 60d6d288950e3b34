import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { splitAcrossDeposits } from "../../../common/balance-withdrawal";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor, toMinor } from "../../../contract/money-units";
import { parseAmount } from "../../../contract/parse-amount";
import type { BalanceResponse, WithdrawRequest, WithdrawResponse } from "../../../contract/wallet";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { formatDateTime } from "~/lib/format-date";

/** The example the format message shows: a thousand and a half, written the page's way. */
const EXAMPLE_MINOR = 100050;

type Refundable = BalanceResponse["refundableDeposits"][number] & { remaining: number };

/** Where `minor` goes, newest deposit first: the same split the server makes (common/balance-withdrawal.ts). */
function destinations(balance: BalanceResponse, minor: number) {
  const deposits: Refundable[] = balance.refundableDeposits.map((deposit) => ({ ...deposit, remaining: toMinor(deposit.amount) ?? 0 }));
  return splitAcrossDeposits(minor, deposits);
}

/** The confirmation: the amount, and each payment it goes back to with its share. */
function Confirmation({ balance, minor, busy, onConfirm, onCancel }: { balance: BalanceResponse; minor: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation("balance");
  const { locale } = useLocale();
  const money = (value: number) => formatMoney({ minor: value, currency: balance.currency }, locale);
  return (
    <fieldset className="mt-4 rounded-lg border border-amber-500 p-4" data-testid="withdraw-confirmation">
      <legend className="px-1 text-lg font-semibold">{t("withdraw.confirmTitle", { amount: money(minor) })}</legend>
      <p className="mt-1">{t("withdraw.confirmText", { amount: money(minor) })}</p>
      <ul className="mt-2 list-disc pl-5">
        {destinations(balance, minor).map((part) => (
          <li key={part.deposit.depositId}>{t("withdraw.toPayment", { date: formatDateTime(part.deposit.depositedAt, locale), amount: money(part.amount) })}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <SubmitButton type="button" busy={busy} onClick={onConfirm}>
          {busy ? t("withdraw.sending") : t("withdraw.confirm", { amount: money(minor) })}
        </SubmitButton>
        <button type="button" onClick={onCancel} disabled={busy} className="rounded-md px-4 py-2 font-medium text-slate-700 underline underline-offset-2 dark:text-slate-300">
          {t("withdraw.cancel")}
        </button>
      </div>
    </fieldset>
  );
}

/** The outcome of a withdrawal: on its way, and any part the provider refused back on the balance. */
function Outcome({ answer }: { answer: WithdrawResponse }) {
  const { t } = useTranslation("balance");
  const { locale } = useLocale();
  const money = (major: number) => formatMoney({ minor: toMinor(major) ?? 0, currency: answer.currency }, locale);
  const returned = answer.refunds.filter((refund) => refund.status === "failed").reduce((sum, refund) => sum + refund.amount, 0);
  const sent = answer.amount - returned;
  return (
    <FormAlert tone="success" title={sent > 0 ? t("withdraw.done", { amount: money(sent) }) : undefined}>
      {returned > 0 ? <p>{t("withdraw.returned", { amount: money(returned) })}</p> : null}
    </FormAlert>
  );
}

/**
 * Withdraw unused balance (issue 25): an amount (everything by default), a confirmation naming the amount and the
 * payments it goes back to, then POST /api/balance/withdraw. Errors are shown at the amount (the server's too).
 */
export function WithdrawForm({ balance, onDone, headingLevel = 2 }: { balance: BalanceResponse; onDone: () => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("balance");
  const { t: tf } = useTranslation("validation");
  const { locale } = useLocale();
  const currency: Currency = balance.currency;
  const withdrawable = toMinor(balance.withdrawable) ?? 0;
  const money = (minor: number) => formatMoney({ minor, currency }, locale);
  const [amount, setAmount] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [answer, setAnswer] = useState<WithdrawResponse | null>(null);
  const submit = useApiSubmit();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `withdraw-heading-${currency}`;

  function amountError(text: string): string | number {
    // Left empty: everything that can be withdrawn (the button says so).
    if (text.trim() === "") return withdrawable;
    const parsed = parseAmount(text, locale);
    if (!parsed.ok) {
      if (parsed.problem === "format") return tf("amountFormat", { example: money(EXAMPLE_MINOR) });
      return tf(parsed.problem);
    }
    if (parsed.minor <= 0) return t("withdraw.amountPositive");
    if (parsed.minor > withdrawable) return t("withdraw.tooMuch", { max: money(withdrawable) });
    return parsed.minor;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswer(null);
    const checked = amountError(amount);
    if (typeof checked === "string") return submit.invalid({ amount: [checked] });
    submit.reset();
    setConfirming(checked);
  }

  async function onConfirm(minor: number) {
    const request: WithdrawRequest = { currency, amount: toMajor(minor) };
    const done = await submit.run(() => api<WithdrawResponse>("/api/balance/withdraw", { method: "POST", body: request }));
    setConfirming(null);
    if (!done) return;
    setAnswer(done);
    setAmount("");
    onDone();
  }

  return (
    <section aria-labelledby={headingId} data-testid={`withdraw-${currency}`}>
      <Heading id={headingId} className={headingLevel === 2 ? "text-2xl font-semibold" : "text-lg font-semibold"}>
        {t("withdraw.heading")}
      </Heading>
      {answer ? <Outcome answer={answer} /> : null}
      {withdrawable <= 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t("withdraw.nothing", { currency })}</p>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-2 space-y-4">
          <SubmitErrorAlert state={submit} />
          <TextField
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            label={t("withdraw.amount", { currency })}
            hint={t("withdraw.available", { amount: money(withdrawable) })}
            value={amount}
            error={submit.fieldErrors.amount}
            disabled={submit.busy || confirming !== null}
            onChange={(event) => setAmount(event.target.value)}
          />
          {confirming === null ? (
            <SubmitButton busy={submit.busy}>{amount === "" ? t("withdraw.all", { amount: money(withdrawable) }) : t("withdraw.submit")}</SubmitButton>
          ) : (
            <Confirmation balance={balance} minor={confirming} busy={submit.busy} onConfirm={() => void onConfirm(confirming)} onCancel={() => setConfirming(null)} />
          )}
        </form>
      )}
    </section>
  );
}
