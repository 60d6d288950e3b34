import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffAction, StaffDeliverable, StaffMember, StaffOrderDetail } from "../../../contract/admin-orders";
import type { Deliverable } from "../../../contract/order-lifecycle";
import { FormAlert } from "~/components/ui/form-alert";
import { useApiData } from "~/lib/api/use-api-data";
import { inputClass, primaryButton, secondaryButton } from "./admin-frame";
import { remainingShareMinor } from "./amount-check";
import { MoneyBackForm } from "./money-back-form";
import { TakeButton } from "./take-button";
import { useMove } from "./use-move";

/** The moves this part of the page offers; "deliver" is the upload beside it, "message" and "note" the order's thread. */
const MOVES: StaffAction[] = ["take", "start", "assign", "ask", "cancel", "credit"];

export interface DeliverableMovesProps {
  order: StaffOrderDetail;
  deliverable: Deliverable;
  work: StaffDeliverable;
  service: string;
  onChange(): void;
}

/**
 * What this member of staff may do on one deliverable now (its `staffActions`; the API checks again): take it from the
 * pool, start it, assign its writer, ask the customer, and for managers and admins cancel it with a refund or give a
 * goodwill credit, each confirmed.
 */
export function DeliverableMoves({ order, deliverable, work, service, onChange }: DeliverableMovesProps) {
  const { t } = useTranslation("admin-orders");
  const { busy, problems, run } = useMove(onChange);
  const can = (action: StaffAction) => work.staffActions.includes(action);
  const staff = useApiData<StaffMember[]>(can("assign") ? "/api/admin/order-writers" : null);
  const [question, setQuestion] = useState("");
  const [writerId, setWriterId] = useState(work.writer?.id ?? "");
  if (!MOVES.some(can)) return null;
  const n = work.n;
  const base = `/api/admin/orders/${encodeURIComponent(order.id)}/deliverables/${n}`;
  const target = {
    orderId: order.id,
    number: order.number,
    n,
    service,
    currency: order.currency,
    limitMinor: remainingShareMinor({ ...deliverable, refunded: work.refunded, credited: work.credited }),
  };

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (await run(`${base}/ask`, { message: question })) setQuestion("");
  }

  return (
    <section aria-labelledby={`moves-${n}-heading`} className="space-y-4" data-testid={`deliverable-moves-${n}`}>
      <h3 id={`moves-${n}-heading`} className="font-semibold">
        {t("moves.heading")}
      </h3>
      {problems.length > 0 ? <FormAlert tone="error" title={t("moveFailed")} messages={problems} /> : null}
      {can("take") ? (
        <>
          <p className="text-sm" data-testid="pool-note">
            {t("order.pool")}
          </p>
          <TakeButton orderId={order.id} number={order.number} n={n} service={service} onTaken={onChange} />
        </>
      ) : null}
      {can("start") ? (
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void run(`${base}/start`)}>
          {t("moves.start")}
        </button>
      ) : null}
      {can("assign") ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(`${base}/assign`, { writerId: writerId || null });
          }}
        >
          <label className="block min-w-60 flex-1 text-sm">
            <span className="mb-1 block font-medium">{t("moves.writer")}</span>
            <select
              value={writerId}
              onChange={(event) => setWriterId(event.currentTarget.value)}
              className={inputClass}
            >
              <option value="">{t("queue.nobody")}</option>
              {(staff.data ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({t(`roles.${member.role}`)})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t("moves.assign")}
          </button>
        </form>
      ) : null}
      {can("ask") ? (
        <form className="space-y-2" onSubmit={(event) => void ask(event)}>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">{t("moves.question")}</span>
            <textarea
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              required
              maxLength={5000}
              rows={3}
              aria-describedby={`ask-${n}-hint`}
              className={inputClass}
            />
          </label>
          <p id={`ask-${n}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {t("moves.questionHint")}
          </p>
          <button type="submit" className={secondaryButton} disabled={busy || !question.trim()}>
            {t("moves.ask")}
          </button>
        </form>
      ) : null}
      {can("cancel") ? <MoneyBackForm kind="cancel" target={target} onChange={onChange} /> : null}
      {can("credit") ? <MoneyBackForm kind="credit" target={target} onChange={onChange} /> : null}
    </section>
  );
}
