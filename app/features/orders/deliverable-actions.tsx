import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import type { Currency } from "../../../contract/currency-codes";
import { formatMoney, money, moneyFromApi } from "../../../contract/money-units";
import type { CustomerAction, Deliverable, OrderDetail } from "../../../contract/order-lifecycle";
import { FormAlert } from "../../components/ui/form-alert";
import { buttonClass, SubmitButton } from "../../components/ui/submit-button";
import { TextArea } from "../../components/ui/text-area";
import { type FieldErrors, useApiSubmit } from "../../components/ui/use-api-submit";
import { api } from "../../lib/api/client";
import { AcceptConfirmation, secondaryButton } from "./accept-confirmation";

/** What cancelling gives back: its share less what refunds and credits already gave back, in minor units. */
function remainingShare(deliverable: Deliverable, currency: Currency): number {
  const minor = (major: number) => moneyFromApi(major, currency).minor;
  return Math.max(0, minor(deliverable.price) - minor(deliverable.refunded) - minor(deliverable.credited));
}

function RevisionForm({
  service,
  roundsLeft,
  revisionDays,
  busy,
  error,
  invalid,
  send,
}: {
  service: string;
  roundsLeft: number;
  /** Business days a revision takes (the catalog's, when the order was placed). */
  revisionDays: number;
  busy: boolean;
  error: string | undefined;
  invalid(errors: FieldErrors): void;
  send(changes: string): Promise<boolean>;
}) {
  const { t } = useTranslation("orders");
  const [changes, setChanges] = useState("");
  return (
    <form
      method="post"
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!changes.trim()) return invalid({ changes: [t("actions.changesRequired")] });
        void send(changes).then((sent) => sent && setChanges(""));
      }}
    >
      <TextArea
        label={t("actions.changes", { service })}
        hint={t("actions.roundsLeft", { count: roundsLeft, time: t("actions.businessDays", { count: revisionDays }) })}
        name="changes"
        value={changes}
        onChange={(event) => setChanges(event.target.value)}
        error={error}
        rows={3}
        maxLength={5000}
      />
      <SubmitButton busy={busy} className="bg-violet-700 hover:bg-violet-600" data-testid="request-revision">
        {t("actions.requestRevision")}
      </SubmitButton>
    </form>
  );
}

function CancelConfirmation({
  service,
  refund,
  busy,
  onConfirm,
  onKeep,
}: {
  service: string;
  refund: string;
  busy: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  const { t } = useTranslation("orders");
  return (
    <div
      role="alertdialog"
      aria-label={t("actions.cancel", { service })}
      className="space-y-2 rounded-md border border-red-400 p-3"
    >
      <p>{t("actions.cancelConfirm", { service, refund })}</p>
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          busy={busy}
          className="bg-red-700 hover:bg-red-600"
          onClick={onConfirm}
          data-testid="confirm-cancel"
        >
          {t("actions.cancelYes")}
        </SubmitButton>
        <button type="button" className={secondaryButton} onClick={onKeep}>
          {t("actions.cancelNo")}
        </button>
      </div>
    </div>
  );
}

interface DeliverableActionsProps {
  orderId: string;
  deliverable: Deliverable;
  service: string;
  /** The order holds other deliverables: accepting this one leaves them as they are. */
  others: boolean;
  currency: Currency;
  locale: Locale;
  onChange(order: OrderDetail): void;
}

/**
 * One deliverable's moves (its `actions`): accept after a confirmation, ask for a revision (rounds left shown), cancel
 * before work starts or when late. Each answers the whole order page, which replaces the one shown.
 */
export function DeliverableActions({
  orderId,
  deliverable,
  service,
  others,
  currency,
  locale,
  onChange,
}: DeliverableActionsProps) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const submit = useApiSubmit();
  const [confirming, setConfirming] = useState<"accept" | "cancel" | null>(null);
  const can = (action: CustomerAction) => deliverable.actions.includes(action);
  const move = async (path: string, body?: unknown): Promise<boolean> => {
    const base = `/api/orders/${encodeURIComponent(orderId)}/deliverables/${deliverable.n}`;
    const next = await submit.run(() => api<OrderDetail>(`${base}/${path}`, { method: "POST", body }));
    if (next) {
      setConfirming(null);
      onChange(next);
    }
    return next !== undefined;
  };
  const cancellable = can("cancel") || can("cancel_late");
  if (!can("accept") && !can("request_revision") && !cancellable) return null;
  const roundsLeft = Math.max(0, deliverable.revisionRounds - deliverable.revisionsUsed);
  const refund = formatMoney(money(remainingShare(deliverable, currency), currency), locale);

  return (
    <div className="space-y-4 border-t border-slate-300 pt-3 dark:border-slate-800" data-testid="deliverable-actions">
      {submit.errorKey ? <FormAlert tone="error" title={submit.general ?? te(submit.errorKey)} /> : null}
      {can("accept") && confirming === "accept" ? (
        <AcceptConfirmation
          service={service}
          roundsLeft={can("request_revision") ? roundsLeft : 0}
          others={others}
          busy={submit.busy}
          onConfirm={() => void move("accept")}
          onKeep={() => setConfirming(null)}
        />
      ) : null}
      {can("accept") && confirming !== "accept" ? (
        <button
          type="button"
          className={`${buttonClass} bg-emerald-700 hover:bg-emerald-600`}
          onClick={() => setConfirming("accept")}
          data-testid="accept-deliverable"
        >
          {t("actions.accept", { service })}
        </button>
      ) : null}
      {can("request_revision") ? (
        <RevisionForm
          service={service}
          roundsLeft={roundsLeft}
          revisionDays={deliverable.revisionDays}
          busy={submit.busy}
          error={submit.fieldErrors.changes?.[0]}
          invalid={submit.invalid}
          send={(changes) => move("revision", { changes })}
        />
      ) : deliverable.status === "delivered" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("actions.noRoundsLeft")}</p>
      ) : null}
      {cancellable && confirming === "cancel" ? (
        <CancelConfirmation
          service={service}
          refund={refund}
          busy={submit.busy}
          onConfirm={() => void move("cancel")}
          onKeep={() => setConfirming(null)}
        />
      ) : null}
      {cancellable && confirming !== "cancel" ? (
        <div>
          {can("cancel_late") ? <p className="mb-2 text-sm">{t("actions.lateExplained")}</p> : null}
          <button
            type="button"
            className={`${buttonClass} bg-slate-700 hover:bg-slate-600`}
            onClick={() => setConfirming("cancel")}
            data-testid="cancel-deliverable"
          >
            {t("actions.cancel", { service })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
