import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import { formatMoney, money, toMajor } from "../../../contract/money";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { type AmountProblem, amountProblem, minorFromInput } from "./amount-check";
import { dangerButton, inputClass, secondaryButton } from "./admin-frame";
import { useMove } from "./use-move";

export interface MoneyBackTarget {
  orderId: string;
  number: string;
  n: number;
  service: string;
  currency: Currency;
  /** What may still go back on this deliverable, in minor units. */
  limitMinor: number;
}

/** The amount to give back, with its limit as a hint that turns into what is wrong with it while it cannot be sent. */
export function AmountField({
  id,
  label,
  hint,
  value,
  problem,
  limit,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  problem: AmountProblem | null;
  limit: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation("admin-orders");
  const wrong = value !== "" && problem !== null;
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      <input
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        inputMode="decimal"
        required
        aria-invalid={wrong}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <span
        id={`${id}-hint`}
        className={`mt-1 block text-xs ${wrong ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}
      >
        {wrong ? t(`moves.amount.${problem}`, { limit }) : hint}
      </span>
    </label>
  );
}

/** The question before money goes back; it takes the focus its form's button had, so a keyboard user lands on it. */
function Confirmation({
  id,
  question,
  yes,
  busy,
  onYes,
  onNo,
}: {
  id: string;
  question: string;
  yes: string;
  busy: boolean;
  onYes(): void;
  onNo(): void;
}) {
  const { t } = useTranslation("admin-orders");
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => yesButton.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby={id} className="space-y-2 rounded-md border border-red-600 p-3">
      <p id={id} className="font-medium">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={dangerButton} disabled={busy} aria-busy={busy} ref={yesButton} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className={secondaryButton} onClick={onNo}>
          {t("moves.confirmNo")}
        </button>
      </div>
    </div>
  );
}

/**
 * Money back on one deliverable (managers and admins), each after a confirmation: `cancel` ends it with a refund of 0
 * up to what is left of its share; `credit` gives a goodwill credit above 0 within the same limit and the work goes on.
 */
export function MoneyBackForm({
  kind,
  target,
  onChange,
}: {
  kind: "cancel" | "credit";
  target: MoneyBackTarget;
  onChange(): void;
}) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  const { busy, problems, run } = useMove(onChange);
  const [amount, setAmount] = useState(kind === "cancel" ? String(toMajor(target.limitMinor)) : "");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const id = `${kind}-${target.n}`;
  const shown = (minor: number) => formatMoney(money(minor, target.currency), locale);
  const limit = shown(target.limitMinor);
  const problem = amountProblem(amount, target.limitMinor, { positive: kind === "credit" });
  const minor = minorFromInput(amount) ?? 0;
  const cancel = kind === "cancel";

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() && problem === null) setConfirming(true);
  }

  async function confirm() {
    const body = cancel
      ? { reason: reason.trim(), refund: toMajor(minor) }
      : { reason: reason.trim(), amount: toMajor(minor) };
    const path = `/api/admin/orders/${encodeURIComponent(target.orderId)}/deliverables/${target.n}/${kind}`;
    if (await run(path, body)) {
      setConfirming(false);
      setReason("");
      if (!cancel) setAmount("");
    }
  }

  return (
    <form
      className="space-y-2 border-t border-slate-300 pt-4 dark:border-slate-800"
      onSubmit={askToConfirm}
      aria-labelledby={`${id}-heading`}
      data-testid={cancel ? `refund-form-${target.n}` : `credit-form-${target.n}`}
    >
      <h4 id={`${id}-heading`} className="font-medium">
        {cancel ? t("moves.cancelHeading") : t("moves.creditHeading")}
      </h4>
      {problems.length > 0 ? <FormAlert tone="error" title={t("moveFailed")} messages={problems} /> : null}
      <AmountField
        id={id}
        label={
          cancel ? t("moves.refund", { currency: target.currency }) : t("moves.credit", { currency: target.currency })
        }
        hint={cancel ? t("moves.refundHint", { limit }) : t("moves.creditHint", { limit })}
        value={amount}
        problem={problem}
        limit={limit}
        onChange={(value) => {
          setAmount(value);
          setConfirming(false);
        }}
      />
      <label className="block text-sm">
        <span className="mb-1 block font-medium">{t("moves.reason")}</span>
        <textarea
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setConfirming(false);
          }}
          required
          maxLength={1000}
          rows={2}
          className={inputClass}
        />
      </label>
      {confirming ? (
        <Confirmation
          id={`${id}-confirm`}
          question={
            cancel
              ? t("moves.confirm", { refund: shown(minor), service: target.service, number: target.number })
              : t("moves.creditConfirm", { amount: shown(minor), service: target.service, number: target.number })
          }
          yes={cancel ? t("moves.confirmYes") : t("moves.creditYes")}
          busy={busy}
          onYes={() => void confirm()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button
          type="submit"
          className={cancel ? dangerButton : secondaryButton}
          disabled={!reason.trim() || problem !== null}
        >
          {cancel ? t("moves.cancel") : t("moves.creditButton")}
        </button>
      )}
    </form>
  );
}
