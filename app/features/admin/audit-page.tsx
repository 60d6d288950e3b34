import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { AuditEntry } from "../../../contract/audit";
import { type Column, DataTable } from "~/components/ui/data-table";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useLocale } from "~/i18n/use-locale";
import { useApiPages } from "~/lib/api/use-api-pages";
import { formatDateTime } from "~/lib/format-date";

const FILTERS = ["actor", "action", "subjectType", "subjectId", "from", "to"] as const;
const PAGE_SIZE = 50;

function query(search: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value) params.set(name, value);
  }
  params.set("limit", String(PAGE_SIZE));
  return params.toString();
}

const change = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/**
 * /admin/audit (admins): the audit log newest first, filtered by the URL's parameters (a filtered view can be
 * bookmarked), one keyset page at a time with "load more".
 */
export function AuditPage() {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const audit = useApiPages<AuditEntry>(`/api/admin/audit?${query(search)}`);
  const columns: Array<Column<AuditEntry>> = [
    { id: "when", header: t("audit.when"), className: "whitespace-nowrap", cell: (entry) => formatDateTime(entry.at, locale) },
    {
      id: "who",
      header: t("audit.who"),
      cell: (entry) => (
        <>
          <div className="break-all">{entry.actorEmail ?? t("audit.system")}</div>
          <div className="text-slate-600 dark:text-slate-400">
            {entry.actorRole}
            {entry.ip ? ` · ${entry.ip}` : ""}
          </div>
        </>
      ),
    },
    { id: "what", header: t("audit.what"), className: "font-mono", cell: (entry) => entry.action },
    { id: "subject", header: t("audit.subject"), className: "break-all", cell: (entry) => `${entry.subjectType} ${entry.subjectId}` },
    {
      id: "change",
      header: t("audit.change"),
      className: "break-all font-mono",
      cell: (entry) => (
        <>
          {change(entry.before)} → {change(entry.after)}
          {entry.note ? <div className="font-sans">{entry.note}</div> : null}
        </>
      ),
    },
  ];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? "").trim();
      if (value) params.set(name, value);
    }
    setSearch(params);
  }

  return (
    <div>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{t("audit.title")}</h1>
      <form key={search.toString()} onSubmit={onSubmit} aria-label={t("audit.filters")} className="mb-6 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField name="actor" label={t("audit.actor")} hint={t("audit.actorHint")} defaultValue={search.get("actor") ?? ""} />
        <TextField name="action" label={t("audit.action")} hint={t("audit.actionHint")} defaultValue={search.get("action") ?? ""} />
        <TextField name="subjectType" label={t("audit.subjectType")} defaultValue={search.get("subjectType") ?? ""} />
        <TextField name="subjectId" label={t("audit.subjectId")} defaultValue={search.get("subjectId") ?? ""} />
        <TextField name="from" type="date" label={t("audit.from")} defaultValue={search.get("from") ?? ""} />
        <TextField name="to" type="date" label={t("audit.to")} defaultValue={search.get("to") ?? ""} />
        <div className="sm:col-span-2 lg:col-span-3">
          <SubmitButton>{t("audit.apply")}</SubmitButton>
        </div>
      </form>
      <DataTable
        caption={t("audit.caption")}
        columns={columns}
        rows={audit.items}
        rowKey={(entry) => entry.id}
        empty={t("audit.empty")}
        testId="audit-table"
        load={{ loading: audit.loading, failure: audit.failure, onRetry: audit.reload, loadingText: t("audit.loading") }}
        more={{ label: t("audit.loadMore"), busy: audit.busy, failure: audit.moreFailure, onMore: audit.more }}
      />
    </div>
  );
}
