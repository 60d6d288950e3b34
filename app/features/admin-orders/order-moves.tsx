import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { StaffMember, StaffOrderDetail } from "../../../contract/admin-orders";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { ApiClientError } from "~/lib/api/api-error";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { dangerButton, inputClass, primaryButton, secondaryButton } from "./admin-frame";
import { TakeButton } from "./take-button";

/** Runs a move and reports what the server said; `after` reloads the order. */
function useMove(after: () => void) {
  const { t } = useTranslation("admin-orders");
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const run = async (path: string, body?: unknown): Promise<boolean> => {
    setBusy(true);
    setProblems([]);
    try {
      await api(path, { method: "POST", body: body ?? {} });
      after();
      return true;
    } catch (error) {
      setProblems(error instanceof ApiClientError && error.messages.length > 0 ? error.messages : [t("moveFailed")]);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problems, run };
}

/** The transitions this member of staff may make now: take (a pool item), start, ask, assign, and cancel with a refund (confirmed, with a reason). */
export function OrderMoves({ order, onChange }: { order: StaffOrderDetail; onChange(): void }) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  const { busy, problems, run } = useMove(onChange);
  const can = (action: StaffOrderDetail["staffActions"][number]) => order.staffActions.includes(action);
  const staff = useApiData<StaffMember[]>(can("assign") ? "/api/admin/order-writers" : null);
  const [question, setQuestion] = useState("");
  const [writerId, setWriterId] = useState(order.writer?.id ?? "");
  const [reason, setReason] = useState("");
  const [refund, setRefund] = useState(String(order.total));
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The confirmation takes the focus its own button had, so a keyboard user lands on the question.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const base = `/api/admin/orders/${encodeURIComponent(order.id)}`;
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const refundValue = Number(refund.replace(",", "."));
  const refundValid = refund.trim() !== "" && Number.isFinite(refundValue) && refundValue >= 0 && refundValue <= order.total;
  if (!["take", "start", "ask", "assign", "cancel"].some((action) => can(action as never))) return null;

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (await run(`${base}/ask`, { message: question })) setQuestion("");
  }

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() && refundValid) setConfirming(true);
  }

  return (
    <section aria-labelledby="moves-heading" className="space-y-4 rounded-lg border border-slate-300 p-4 dark:border-slate-800" data-testid="order-moves">
      <h2 id="moves-heading" className="text-lg font-semibold">{t("moves.heading")}</h2>
      {problems.length > 0 ? <FormAlert tone="error" title={t("moveFailed")} messages={problems} /> : null}
      {can("take") ? (
        <>
          <p className="text-sm" data-testid="pool-note">{t("order.pool")}</p>
          <TakeButton orderId={order.id} number={order.number} onTaken={onChange} />
        </>
      ) : null}
      {can("start") ? (
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void run(`${base}/start`)}>
          {t("moves.start")}
        </button>
      ) : null}
      {can("assign") ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => { event.preventDefault(); void run(`${base}/assign`, { writerId: writerId || null }); }}>
          <label className="block min-w-60 flex-1 text-sm">
            <span className="mb-1 block font-medium">{t("moves.writer")}</span>
            <select value={writerId} onChange={(event) => setWriterId(event.currentTarget.value)} className={inputClass}>
              <option value="">{t("queue.nobody")}</option>
              {(staff.data ?? []).map((member) => (
                <option key={member.id} value={member.id}>{member.name} ({t(`roles.${member.role}`)})</option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton} disabled={busy}>{t("moves.assign")}</button>
        </form>
      ) : null}
      {can("ask") ? (
        <form className="space-y-2" onSubmit={(event) => void ask(event)}>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">{t("moves.question")}</span>
            <textarea value={question} onChange={(event) => setQuestion(event.currentTarget.value)} required maxLength={5000} rows={3} className={inputClass} />
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t("moves.questionHint")}</p>
          <button type="submit" className={secondaryButton} disabled={busy || !question.trim()}>{t("moves.ask")}</button>
        </form>
      ) : null}
      {can("cancel") ? (
        <form className="space-y-2 border-t border-slate-300 pt-4 dark:border-slate-800" onSubmit={askToConfirm} data-testid="refund-form">
          <h3 className="font-medium">{t("moves.cancelHeading")}</h3>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">{t("moves.refund", { currency: order.currency })}</span>
            <input value={refund} onChange={(event) => { setRefund(event.currentTarget.value); setConfirming(false); }} inputMode="decimal" aria-invalid={!refundValid} aria-describedby="refund-hint" className={inputClass} />
            <span id="refund-hint" className={`mt-1 block text-xs ${refundValid ? "text-slate-600 dark:text-slate-400" : "text-red-700 dark:text-red-300"}`}>{t("moves.refundHint", { total: money(order.total) })}</span>
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">{t("moves.reason")}</span>
            <textarea value={reason} onChange={(event) => { setReason(event.currentTarget.value); setConfirming(false); }} required maxLength={1000} rows={2} className={inputClass} />
          </label>
          {confirming ? (
            <div role="alertdialog" aria-labelledby="refund-confirm" className="space-y-2 rounded-md border border-red-600 p-3">
              <p id="refund-confirm" className="font-medium">{t("moves.confirm", { refund: money(refundValue), total: money(order.total), number: order.number })}</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={dangerButton} disabled={busy} ref={confirmButton} onClick={() => void run(`${base}/cancel`, { reason: reason.trim(), refund: refundValue }).then((ok) => ok && setConfirming(false))}>
                  {t("moves.confirmYes")}
                </button>
                <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>{t("moves.confirmNo")}</button>
              </div>
            </div>
          ) : (
            <button type="submit" className={dangerButton} disabled={!reason.trim() || !refundValid}>{t("moves.cancel")}</button>
          )}
        </form>
      ) : null}
    </section>
  );
}
