import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SavedReply, SavedReplyList } from "../../../contract/admin-support";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useAdminPageTitle } from "~/lib/admin-title";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";

const boxClass = "rounded-md border border-slate-300 p-4 dark:border-slate-700";
const FIELDS = [
  ["title", "en", "titleEn"],
  ["title", "es", "titleEs"],
  ["body", "en", "bodyEn"],
  ["body", "es", "bodyEs"],
] as const;

/** /admin/support/saved-replies (managers and admins): the saved replies, each in both languages, to add, edit and delete. */
export function SavedRepliesPage() {
  const { t } = useTranslation("admin-support");
  const { locale, to } = useLocale();
  const { data, failure, loading, reload, replace } = useApiData<SavedReplyList>("/api/admin/support/saved-replies");
  const remove = useApiSubmit();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useAdminPageTitle(t("saved.title"));

  const saved = (reply: SavedReply, created: boolean) => {
    const items = data?.items ?? [];
    replace({ items: created ? [...items, reply] : items.map((item) => (item.id === reply.id ? reply : item)) });
    setEditing(null);
    setNote(created ? t("saved.created") : t("saved.updated"));
  };
  const onDelete = async () => {
    if (!deleting) return;
    const answer = await remove.run(() => api<SavedReplyList>(`/api/admin/support/saved-replies/${deleting.id}`, { method: "DELETE" }));
    if (answer) {
      replace(answer);
      setDeleting(null);
      setNote(t("saved.deleted"));
    }
  };

  return (
    <section className="space-y-6">
      <Link to={to("/admin/support")} className="text-sm text-indigo-700 underline dark:text-indigo-300">{t("saved.back")}</Link>
      <h1 className="text-3xl font-semibold tracking-tight">{t("saved.heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("saved.intro")}</p>
      {note ? <FormAlert tone="success" title={note} /> : null}
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("saved.loading")} retryText={t("retry")}>
        {data && data.items.length === 0 ? <p>{t("saved.empty")}</p> : null}
        <ul className="space-y-3" data-testid="saved-replies">
          {(data?.items ?? []).map((item) => (
            <li key={item.id} className={boxClass}>
              <h2 className="font-semibold">{item.title[locale]}</h2>
              <p className="whitespace-pre-wrap text-sm">{item.body[locale]}</p>
              <div className="mt-2 flex gap-2">
                <button type="button" className="rounded-md border border-slate-400 px-3 py-1 text-sm dark:border-slate-600" onClick={() => setEditing(item)}>
                  {t("saved.editButton", { title: item.title[locale] })}
                </button>
                <button type="button" className="rounded-md border border-red-600 px-3 py-1 text-sm text-red-800 dark:text-red-300" onClick={() => setDeleting(item)}>
                  {t("saved.deleteButton", { title: item.title[locale] })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
      <SavedReplyForm key={editing?.id ?? "new"} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("saved.confirmDelete", { title: deleting?.title[locale] ?? "" })}
        confirmLabel={t("saved.deleteButton", { title: deleting?.title[locale] ?? "" })}
        cancelLabel={t("saved.cancel")}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
        busy={remove.busy}
      >
        <p>{deleting?.body[locale]}</p>
      </ConfirmDialog>
    </section>
  );
}

/** A new saved reply, or the one being edited: title and body in English and in Spanish. */
function SavedReplyForm({ editing, onSaved, onCancel }: { editing: SavedReply | null; onSaved(reply: SavedReply, created: boolean): void; onCancel(): void }) {
  const { t } = useTranslation("admin-support");
  const { locale } = useLocale();
  const submit = useApiSubmit();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const value = (name: string) => String(form.get(name) ?? "");
    const body = { title: { en: value("titleEn"), es: value("titleEs") }, body: { en: value("bodyEn"), es: value("bodyEs") } };
    const path = editing ? `/api/admin/support/saved-replies/${editing.id}` : "/api/admin/support/saved-replies";
    const answer = await submit.run(() => api<SavedReply>(path, { method: editing ? "PUT" : "POST", body }));
    if (answer) {
      if (!editing) element.reset();
      onSaved(answer, !editing);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className={boxClass} data-testid="saved-reply-form">
      <h2 className="mb-2 text-lg font-semibold">{editing ? t("saved.edit", { title: editing.title[locale] }) : t("saved.new")}</h2>
      <SubmitErrorAlert state={submit} />
      <div className="grid gap-x-4 md:grid-cols-2">
        {FIELDS.map(([part, lang, name]) => {
          const props = { label: t(`saved.${name}`), name, required: true, defaultValue: editing?.[part][lang] ?? "", error: submit.fieldErrors[`${part}.${lang}`] };
          return part === "title" ? <TextField key={name} {...props} /> : <TextArea key={name} rows={5} {...props} />;
        })}
      </div>
      <div className="mt-3 flex gap-2">
        <SubmitButton busy={submit.busy}>{editing ? t("saved.update") : t("saved.create")}</SubmitButton>
        {editing ? (
          <button type="button" className="rounded-md border border-slate-400 px-3 py-1.5 text-sm dark:border-slate-600" onClick={onCancel}>{t("saved.cancel")}</button>
        ) : null}
      </div>
    </form>
  );
}
