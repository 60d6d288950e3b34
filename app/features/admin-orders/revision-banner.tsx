import { useTranslation } from "react-i18next";
import type { StaffDeliverable } from "../../../contract/admin-orders";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format-date";

type RevisionRequest = NonNullable<StaffDeliverable["revisionRequest"]>;

/** What the customer asked to change, at the top of a deliverable in revision: which round, the changes and the new due date. */
export function RevisionBanner({ n, request }: { n: number; request: RevisionRequest }) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  return (
    <section
      aria-labelledby={`revision-${n}-heading`}
      className="space-y-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid={`revision-request-${n}`}
    >
      <h3 id={`revision-${n}-heading`} className="text-base font-semibold">
        {t("revision.heading", { round: request.round, rounds: request.rounds })}
      </h3>
      <p className="font-medium">{t("revision.due", { date: formatDateTime(request.dueAt, locale) })}</p>
      <p className="text-slate-700 dark:text-slate-300">
        {t("revision.requested", { date: formatDateTime(request.requestedAt, locale) })}
      </p>
      <h4 className="font-medium">{t("revision.changes")}</h4>
      <p className="whitespace-pre-line">{request.changes}</p>
    </section>
  );
}
