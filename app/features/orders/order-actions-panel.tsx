import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import { FormAlert } from "../../components/ui/form-alert";
import { buttonClass, SubmitButton } from "../../components/ui/submit-button";
import { TextArea } from "../../components/ui/text-area";
import { useApiSubmit } from "../../components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import { api } from "../../lib/api/client";

const secondary = "rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800";

/** The moves the customer may make now: accept, ask for a revision (rounds left shown), cancel with a confirmation. */
export function OrderActionsPanel({ order, locale, onChange }: { order: OrderDetail; locale: Locale; onChange(order: OrderDetail): void }) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const submit = useApiSubmit();
  const [changes, setChanges] = useState("");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const move = (path: string, body?: unknown) =>
    submit.run(() => api<OrderDetail>(`/api/orders/${encodeURIComponent(order.id)}/${path}`, { method: "POST", body })).then((next) => {
      if (next) {
        setConfirmCancel(false);
        setChanges("");
        onChange(next);
      }
    });
  const can = (action: OrderDetail["actions"][number]) => order.actions.includes(action);
  const roundsLeft = order.revisionRounds - order.revisionsUsed;
  const cancellable = can("cancel") || can("cancel_late");
  if (!can("accept") && !can("request_revision") && !cancellable) return null;
  const refund = formatMoney(moneyFromApi(order.total, order.currency), locale);

  return (
    <section aria-labelledby="order-actions" className="space-y-4 rounded-lg border border-slate-300 p-4 dark:border-slate-800">
      <h2 id="order-actions" className="text-lg font-semibold">{t("actions.heading")}</h2>
      {submit.errorKey ? <FormAlert tone="error" title={submit.general ?? te(submit.errorKey)} /> : null}
      {can("accept") ? (
        <div>
          <p className="mb-2 text-sm">{order.reviewEndsAt ? t("actions.reviewUntil", { date: new Date(order.reviewEndsAt).toLocaleString(locale) }) : null}</p>
          <SubmitButton type="button" busy={submit.busy} onClick={() => void move("accept")} data-testid="accept-order">
            {t("actions.accept")}
          </SubmitButton>
        </div>
      ) : null}
      {can("request_revision") ? (
        <form
          method="post"
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (changes.trim()) void move("revision", { changes });
            else submit.invalid({ changes: [t("actions.changesRequired")] });
          }}
        >
          <TextArea
            label={t("actions.changes")}
            hint={t("actions.roundsLeft", { count: roundsLeft })}
            name="changes"
            value={changes}
            onChange={(event) => setChanges(event.target.value)}
            error={submit.fieldErrors.changes?.[0]}
            rows={3}
            maxLength={5000}
          />
          <SubmitButton busy={submit.busy} className="bg-violet-700 hover:bg-violet-600" data-testid="request-revision">
            {t("actions.requestRevision")}
          </SubmitButton>
        </form>
      ) : order.status === "delivered" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("actions.noRoundsLeft")}</p>
      ) : null}
      {cancellable ? (
        confirmCancel ? (
          <div role="alertdialog" aria-labelledby="cancel-confirm" className="space-y-2 rounded-md border border-red-400 p-3">
            <p id="cancel-confirm">{t("actions.cancelConfirm", { refund })}</p>
            <div className="flex flex-wrap gap-2">
              <SubmitButton type="button" busy={submit.busy} className="bg-red-700 hover:bg-red-600" onClick={() => void move("cancel")} data-testid="confirm-cancel">
                {t("actions.cancelYes")}
              </SubmitButton>
              <button type="button" className={secondary} onClick={() => setConfirmCancel(false)}>
                {t("actions.cancelNo")}
              </button>
            </div>
          </div>
        ) : (
          <div>
            {can("cancel_late") ? <p className="mb-2 text-sm">{t("actions.lateExplained")}</p> : null}
            <button type="button" className={`${buttonClass} bg-slate-700 hover:bg-slate-600`} onClick={() => setConfirmCancel(true)} data-testid="cancel-order">
              {t("actions.cancel")}
            </button>
          </div>
        )
      ) : null}
    </section>
  );
}
