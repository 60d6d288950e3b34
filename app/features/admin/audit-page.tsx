import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { AuditEntry, AuditPage as AuditPageAnswer } from "../../../contract/audit";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useLocale } from "~/i18n/use-locale";
import { errorText } from "~/lib/error-text";
import { formatDateTime } from "~/lib/format-date";
import { api } from "~/lib/api/client";

const FILTERS = ["actor", "action", "subjectType", "subjectId", "from", "to"] as const;
const PAGE_SIZE = 50;

function query(search: URLSearchParams, cursor?: string): string {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value) params.set(name, value);
  }
  params.set("limit", String(PAGE_SIZE));
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

const change = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/**
 * /admin/audit (admins): the audit log newest first, filtered by the URL's parameters (a filtered view can be
 * bookmarked), one keyset page at a time with "load more".
 */
export function AuditPage() {
  const { t } = useTranslation("admin");
  const { t: tErrors } = useTranslation("errors");
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const filters = query(search);

  useEffect(() => {
    let live = true;
    setEntries(null);
    setFailure(null);
    api<AuditPageAnswer>(`/api/admin/audit?${filters}`)
      .then((page) => {
        if (!live) return;
        setEntries(page.items);
        setNext(page.next);
      })
      .catch((error: unknown) => live && setFailure(errorText(error, tErrors)));
    return () => {
      live = false;
    };
  }, [filters, tErrors]);

  async function loadMore() {
    if (!next) return;
    setBusy(true);
    try {
      const page = await api<AuditPageAnswer>(`/api/admin/audit?${query(search, next)}`);
      setEntries((shown) => [...(shown ?? []), ...page.items]);
      setNext(page.next);
    } catch (error) {
      setFailure(errorText(error, tErrors));
    } finally {
      setBusy(false);
    }
  }

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
      {failure ? <FormAlert tone="error" title={failure} /> : null}
      {entries === null && !failure ? <p role="status">{t("audit.loading")}</p> : null}
      {entries?.length === 0 ? <p>{t("audit.empty")}</p> : null}
      {entries && entries.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-3">{t("audit.when")}</th>
                <th scope="col" className="py-2 pr-3">{t("audit.who")}</th>
                <th scope="col" className="py-2 pr-3">{t("audit.what")}</th>
                <th scope="col" className="py-2 pr-3">{t("audit.subject")}</th>
                <th scope="col" className="py-2">{t("audit.change")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-300 align-top dark:border-slate-700">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.at, locale)}</td>
                  <td className="py-2 pr-3">
                    <div className="break-all">{entry.actorEmail ?? t("audit.system")}</div>
                    <div className="text-slate-600 dark:text-slate-400">
                      {entry.actorRole}
                      {entry.ip ? ` · ${entry.ip}` : ""}
                    </div>
                  </td>
                  <td className="py-2 pr-3 font-mono">{entry.action}</td>
                  <td className="py-2 pr-3 break-all">
                    {entry.subjectType} {entry.subjectId}
                  </td>
                  <td className="py-2 break-all font-mono">
                    {change(entry.before)} → {change(entry.after)}
                    {entry.note ? <div className="font-sans">{entry.note}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <SubmitButton type="button" busy={busy} onClick={() => void loadMore()} className="mt-4">
          {t("audit.loadMore")}
        </SubmitButton>
      ) : null}
    </div>
  );
}
