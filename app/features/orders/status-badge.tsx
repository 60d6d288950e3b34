import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../contract/orders";

const STATUS_TONE: Record<OrderStatus, string> = {
  paid: "border-sky-500 text-sky-800 dark:text-sky-300",
  needs_info: "border-orange-500 text-orange-800 dark:text-orange-300",
  in_progress: "border-amber-500 text-amber-800 dark:text-amber-300",
  delivered: "border-emerald-500 text-emerald-800 dark:text-emerald-300",
  revision_requested: "border-violet-500 text-violet-800 dark:text-violet-300",
  completed: "border-emerald-700 text-emerald-900 dark:text-emerald-200",
  cancelled: "border-slate-400 dark:border-slate-500 text-slate-600 dark:text-slate-400",
};

/** The order's (or one deliverable's) status as a badge, and a plain "Late" one beside it when the due date has passed. */
export function StatusBadge({ status, late, testId = "order-status" }: { status: OrderStatus; late: boolean; testId?: string }) {
  const { t } = useTranslation("orders");
  return (
    <span className="flex flex-wrap gap-2">
      <span className={`rounded-full border px-3 py-0.5 text-sm ${STATUS_TONE[status]}`} data-testid={testId}>
        {t(`status.${status}`)}
      </span>
      {late ? (
        <span className="rounded-full border border-red-600 px-3 py-0.5 text-sm font-medium text-red-700 dark:text-red-300" data-testid="order-late">
          {t("late")}
        </span>
      ) : null}
    </span>
  );
}
