import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SavedView, SavedViewList } from "../../../contract/saved-views";
import { FormAlert } from "~/components/ui/form-alert";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { compactInput, compactSecondary } from "./admin-frame";

/** The same view whatever the order of its parameters. */
const canonical = (query: string) => [...new URLSearchParams(query)].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => `${name}=${value}`).join("&");

/**
 * The person's saved views of the queue: each a link to its filters and sort (the current one marked), deleted with
 * its own button; the filters and sort shown now are saved under a name the person types.
 */
export function SavedViews({ current, path }: { current: string; path: string }) {
  const { t } = useTranslation("admin-orders");
  const views = useApiData<SavedViewList>("/api/admin/saved-views");
  const form = useApiSubmit();
  const [name, setName] = useState("");
  const [saved, setSaved] = useState<string | null>(null);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.run(async () => {
      const view = await api<SavedView>("/api/admin/saved-views", { body: { name, query: current } });
      setSaved(t("views.saved", { name: view.name }));
      setName("");
      views.reload();
    });
  }
  function remove(view: SavedView) {
    setSaved(null);
    void form.run(async () => {
      await api<null>(`/api/admin/saved-views/${view.id}`, { method: "DELETE" });
      setSaved(t("views.deleted", { name: view.name }));
      views.reload();
    });
  }

  const list = views.data?.views ?? [];
  return (
    <section aria-label={t("views.title")} className="flex flex-1 flex-wrap items-center gap-2 text-sm" data-testid="saved-views">
      <h2 className="font-medium">{t("views.title")}</h2>
      {list.length === 0 ? <p className="hidden text-slate-600 xl:block dark:text-slate-400">{t("views.none")}</p> : null}
      <ul className="flex flex-wrap items-center gap-1">
        {list.map((view) => (
          <li key={view.id} className="inline-flex items-center rounded-full border border-slate-400 pl-3 dark:border-slate-600">
            <Link to={`${path}?${view.query}`} aria-current={canonical(view.query) === canonical(current) ? "true" : undefined} className="py-1 underline-offset-2 hover:underline aria-[current=true]:font-semibold">
              {view.name}
            </Link>
            <button type="button" onClick={() => remove(view)} className="ml-1 rounded-full px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-900" aria-label={t("views.delete", { name: view.name })}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={save} className="ml-auto flex items-center gap-2">
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap">{t("views.name")}</span>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} required className={`${compactInput} w-44`} aria-invalid={form.fieldErrors.name ? true : undefined} />
        </label>
        <button type="submit" className={compactSecondary} disabled={form.busy} aria-busy={form.busy}>{t("views.save")}</button>
      </form>
      <div className="basis-full empty:hidden" role="status">
        {form.errorKey ? <FormAlert tone="error" title={Object.values(form.fieldErrors)[0]?.[0] ?? form.general ?? t("views.failed")} /> : saved}
      </div>
    </section>
  );
}
