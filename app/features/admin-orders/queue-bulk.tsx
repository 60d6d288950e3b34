import { useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { AdminOrderPage, BulkAssignAnswer, StaffMember } from "../../../contract/admin-orders";
import type { Column } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { saveApiFile } from "~/lib/api/save-file";
import { compactInput, compactPrimary, compactSecondary } from "./admin-frame";

type QueueRow = AdminOrderPage["orders"][number];

/** A row of the queue as bulk actions name it: its order's number and the deliverable's n (`SC-000014:1`). */
export const pickKey = (row: Pick<QueueRow, "number" | "deliverable">) => `${row.number}:${row.deliverable}`;

/** The rows picked on the page shown; a new page (filters, next page) starts with none. */
export function useQueueSelection(rows: readonly QueueRow[] | null) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const pageKey = (rows ?? []).map(pickKey).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different page of rows clears the selection
  useEffect(() => setPicked(new Set()), [pageKey]);
  const keys = (rows ?? []).map(pickKey);
  const all = keys.length > 0 && keys.every((key) => picked.has(key));
  return {
    picked,
    all,
    some: picked.size > 0 && !all,
    toggle: (key: string) =>
      setPicked((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    toggleAll: () => setPicked(all ? new Set() : new Set(keys)),
    clear: () => setPicked(new Set()),
  };
}

export type QueueSelection = ReturnType<typeof useQueueSelection>;

/** "Select all on this page": checked when every row is, mixed when some are. */
function PickAll({ selection, label }: { selection: QueueSelection; label: string }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.some;
  }, [selection.some]);
  return <input ref={box} type="checkbox" className="h-5 w-5" aria-label={label} checked={selection.all} onChange={selection.toggleAll} />;
}

/** The first column of a manager's queue: a checkbox per row and one for the whole page. */
export function pickColumn(t: TFunction<"admin-orders">, selection: QueueSelection, serviceName: (row: QueueRow) => string): Column<QueueRow> {
  return {
    id: "pick",
    header: <PickAll selection={selection} label={t("bulk.pickAll")} />,
    cell: (row) => (
      <input
        type="checkbox"
        className="h-5 w-5"
        aria-label={t("bulk.pickRow", { number: row.number, n: row.deliverable, service: serviceName(row) })}
        checked={selection.picked.has(pickKey(row))}
        onChange={() => selection.toggle(pickKey(row))}
      />
    ),
  };
}

/** What the last bulk assignment did: how many, and each row that failed with why. */
function BulkOutcome({ answer }: { answer: BulkAssignAnswer }) {
  const { t } = useTranslation("admin-orders");
  const failures = answer.results.filter((row) => !row.ok).map((row) => t("bulk.failedRow", { number: row.number ?? row.order, n: row.n, reason: row.error ?? "" }));
  return (
    <div data-testid="bulk-outcome">
      <FormAlert tone={answer.failed > 0 ? "error" : "success"} title={t("bulk.outcome", { count: answer.assigned, failed: answer.failed })} messages={failures} />
    </div>
  );
}

/**
 * The bulk actions of the queue (managers and admins): the picked rows given to a colleague or back to the pool in
 * one request (each row assigned and audited on its own, answered per row), or exported as CSV.
 */
export function BulkBar({ selection, staff, onAssigned }: { selection: QueueSelection; staff: readonly StaffMember[]; onAssigned(): void }) {
  const { t } = useTranslation("admin-orders");
  const form = useApiSubmit();
  const [target, setTarget] = useState("");
  const [answer, setAnswer] = useState<BulkAssignAnswer | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const picked = [...selection.picked];
  const deliverables = picked.map((key) => {
    const [order = "", n = "0"] = key.split(":");
    return { order, n: Number(n) };
  });

  function assign() {
    if (!target || picked.length === 0) return;
    void form.run(async () => {
      const result = await api<BulkAssignAnswer>("/api/admin/deliverables/bulk-assign", { body: { writerId: target === "pool" ? null : target, deliverables } });
      setAnswer(result);
      selection.clear();
      onAssigned();
    });
  }
  async function exportPicked() {
    setExportFailed(false);
    await saveApiFile(`/api/admin/orders.csv?${new URLSearchParams({ selected: picked.join(",") })}`).catch(() => setExportFailed(true));
  }

  // Nothing picked and nothing to report: the bar gives its room to the rows.
  if (picked.length === 0 && !answer && !form.errorKey && !exportFailed) return null;
  return (
    <section aria-label={t("bulk.title")} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 px-2 py-1 dark:border-slate-800" data-testid="bulk-bar">
      <p className="min-w-32 self-center text-sm font-medium" role="status">
        {t("bulk.picked", { count: picked.length })}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <span className="whitespace-nowrap font-medium">{t("bulk.giveTo")}</span>
        <select id="bulk-give-to" value={target} onChange={(event) => setTarget(event.target.value)} className={`${compactInput} w-auto`}>
          <option value="">{t("bulk.choose")}</option>
          <option value="pool">{t("bulk.pool")}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>{member.name}</option>
          ))}
        </select>
      </label>
      <button type="button" className={compactPrimary} onClick={assign} disabled={form.busy || !target || picked.length === 0} aria-busy={form.busy}>
        {t("bulk.assign")}
      </button>
      <button type="button" className={compactSecondary} onClick={() => void exportPicked()} disabled={picked.length === 0}>
        {t("bulk.export")}
      </button>
      <div className="basis-full empty:hidden">
        {form.errorKey ? <FormAlert tone="error" title={Object.values(form.fieldErrors)[0]?.[0] ?? form.general ?? t("moveFailed")} /> : null}
        {exportFailed ? <FormAlert tone="error" title={t("queue.exportFailed")} /> : null}
        {answer ? <BulkOutcome answer={answer} /> : null}
      </div>
    </section>
  );
}
