import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/submit-button";

export const secondaryButton =
  "rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * Asked before one deliverable is accepted: what accepting ends (its remaining revision rounds, its review window) and,
 * in an order of several, that the other services go on. Focus moves to the confirming button when it opens.
 */
export function AcceptConfirmation({
  service,
  roundsLeft,
  others,
  busy,
  onConfirm,
  onKeep,
}: {
  service: string;
  roundsLeft: number;
  others: boolean;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  const { t } = useTranslation("orders");
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="space-y-2 rounded-md border border-emerald-600 p-3"
      data-testid="accept-confirmation"
    >
      <p id={`${id}-title`} className="font-semibold">
        {t("actions.acceptTitle", { service })}
      </p>
      <p id={`${id}-text`}>
        {roundsLeft > 0 ? t("actions.acceptEnds", { count: roundsLeft }) : t("actions.acceptEndsNoRounds")}
        {others ? ` ${t("actions.acceptOthers")}` : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          ref={confirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${buttonClass} bg-emerald-700 hover:bg-emerald-600`}
          onClick={onConfirm}
          data-testid="confirm-accept"
        >
          {t("actions.acceptYes")}
        </button>
        <button type="button" className={secondaryButton} onClick={onKeep}>
          {t("actions.acceptNo")}
        </button>
      </div>
    </div>
  );
}
