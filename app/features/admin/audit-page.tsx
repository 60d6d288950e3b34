import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "~/components/ui/date-input";
import { Link, useSearchParams } from "react-router";
import type { AuditEntry, AuditFacets } from "../../../contract/audit";
import { type Column, DataTable } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { useApiPages } from "~/lib/api/use-api-pages";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { auditLine, subjectName } from "./audit-line";

/** `subjectId` comes only from a link (one order's or customer's history); the form offers the others. */
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

/** Where the back office shows an entry's subject, or null when it has no page. */
function subjectPath(entry: AuditEntry): string | null {
  switch (entry.subjectType) {
    case "order":
      return entry.subjectLabel ? `/admin/orders/${encodeURIComponent(entry.subjectLabel)}` : null;
    case "customer":
      return `/admin/customers/${encodeURIComponent(entry.subjectId)}`;
    case "support_ticket":
      return `/admin/support/${encodeURIComponent(entry.subjectLabel ?? entry.subjectId)}`;
    case "support_saved_reply":
      return "/admin/support/saved-replies";
    case "staff":
    case "invitation":
      return "/admin/staff";
    case "product":
      return "/admin/catalog";
    case "promotion_code":
      return "/admin/promotions";
    default:
      return null;
  }
}

const json = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value, null, 2));

/** The recorded change as it was stored, folded away under the line. */
function RawChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-indigo-700 underline dark:text-indigo-300">{t("audit.raw")}</summary>
      <p className="mt-1 font-mono text-xs text-slate-600 dark:text-slate-400">{entry.action}</p>
      <dl className="mt-1 grid gap-1">
        <dt className="font-medium">{t("audit.before")}</dt>
        <dd><pre className="whitespace-pre-wrap break-all font-mono text-xs">{json(entry.before)}</pre></dd>
        <dt className="font-medium">{t("audit.after")}</dt>
        <dd><pre className="whitespace-pre-wrap break-all font-mono text-xs">{json(entry.after)}</pre></dd>
      </dl>
    </details>
  );
}

function useColumns(): Array<Column<AuditEntry>> {
  const { t } = useTranslation("admin");
  const { locale, to } = useLocale();
  const productName = useProductName();
  return [
    { id: "when", header: t("audit.when"), className: "whitespace-nowrap", cell: (entry) => formatDateTime(entry.at, locale) },
    {
      id: "who",
      header: t("audit.who"),
      cell: (entry) => (
        <>
          <div>{entry.actorName ?? entry.actorEmail ?? t("audit.system")}</div>
          <div className="break-all text-slate-600 dark:text-slate-400">
            {[entry.actorEmail, t(`roles.${entry.actorRole}`, { defaultValue: entry.actorRole }), entry.ip].filter(Boolean).join(" · ")}
          </div>
        </>
      ),
    },
    {
      id: "line",
      header: t("audit.line"),
      cell: (entry) => (
        <>
          <div data-testid="audit-line">{auditLine(entry, t, locale, productName)}</div>
          {entry.note ? <div className="text-slate-600 dark:text-slate-400">{entry.note}</div> : null}
        </>
      ),
    },
    {
      id: "subject",
      header: t("audit.subject"),
      cell: (entry) => {
        const path = subjectPath(entry);
        const name = entry.subjectType === "order-export" ? t("audit.subjects.order-export") : subjectName(entry, t, productName);
        return path ? <Link to={to(path)} className="text-indigo-700 underline dark:text-indigo-300">{name}</Link> : name;
      },
    },
    { id: "change", header: t("audit.change"), cell: (entry) => <RawChange entry={entry} /> },
  ];
}

/** The date fields' box, as the other fields of the form have it. */
const DATE_BOX = "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/**
 * /admin/audit (admins): the audit log newest first as sentences people read, each linking to what it is about, with
 * the recorded change folded away; filtered by the URL's parameters (a filtered view can be bookmarked) through
 * choices taken from the log itself, one keyset page at a time with "load more".
 */
export function AuditPage() {
  const { t } = useTranslation("admin");
  const [search, setSearch] = useSearchParams();
  const audit = useApiPages<AuditEntry>(`/api/admin/audit?${query(search)}`);
  const facets = useApiData<AuditFacets>("/api/admin/audit/facets").data;
  const columns = useColumns();
  const keep = (value: string | null, offered: readonly string[] | undefined) => (value && offered && !offered.includes(value) ? [value] : []);

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

  const actors = facets?.actors ?? [];
  const actions = [...(facets?.actions ?? []), ...keep(search.get("action"), facets?.actions)];
  const types = [...(facets?.subjectTypes ?? []), ...keep(search.get("subjectType"), facets?.subjectTypes)];
  const subjectId = search.get("subjectId");
  return (
    <div>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{t("audit.title")}</h1>
      <form key={`${search.toString()}|${facets ? "ready" : ""}`} onSubmit={onSubmit} aria-label={t("audit.filters")} className="mb-6 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          name="actor"
          label={t("audit.actor")}
          placeholder={t("audit.anyone")}
          defaultValue={search.get("actor") ?? ""}
          options={[...actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` })), ...keep(search.get("actor"), actors.map((actor) => actor.id)).map((value) => ({ value, label: value }))]}
        />
        {(["action", "subjectType"] as const).map((name) => (
          <SelectField
            key={name}
            name={name}
            label={t(`audit.${name}`)}
            placeholder={t(name === "action" ? "audit.anyAction" : "audit.anyType")}
            defaultValue={search.get(name) ?? ""}
            options={(name === "action" ? actions : types).map((value) => ({ value, label: t(`audit.${name === "action" ? "actions" : "subjects"}.${value}`, { defaultValue: value }) }))}
          />
        ))}
        <div className="mb-4">
          <DateInput name="from" label={t("audit.from")} defaultValue={search.get("from") ?? ""} className={DATE_BOX} />
        </div>
        <div className="mb-4">
          <DateInput name="to" label={t("audit.to")} defaultValue={search.get("to") ?? ""} className={DATE_BOX} />
        </div>
        {subjectId ? <input type="hidden" name="subjectId" value={subjectId} /> : null}
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-3">
          <SubmitButton>{t("audit.apply")}</SubmitButton>
          {subjectId ? <Link to="?" className="text-sm text-indigo-700 underline dark:text-indigo-300">{t("audit.allSubjects")}</Link> : null}
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
