import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { StaffOrderDetail } from "../../../contract/admin-orders";
import { FormAlert } from "~/components/ui/form-alert";
import { ApiClientError } from "~/lib/api/api-error";
import { uploadForm } from "~/lib/api/upload";
import { inputClass, primaryButton } from "./admin-frame";

const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`);

/**
 * Delivers a version of deliverable `n` as one or more files: each file is checked here first (type, size) so a refused one never
 * starts uploading; the rest go in one multipart request whose upload progress fills the bar. The server checks again,
 * streams each file to storage and keeps nothing when any file is refused.
 */
export function ResultUpload({ order, n, onDelivered }: { order: StaffOrderDetail; n: number; onDelivered(version: number): void }) {
  const { t } = useTranslation("admin-orders");
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const { limitBytes, allowedTypes, maxFiles } = order.upload;

  const refusals = (chosen: File[]) => [
    ...(chosen.length > maxFiles ? [t("upload.tooMany", { max: maxFiles })] : []),
    ...chosen.flatMap((file) => {
      if (!allowedTypes.includes(extensionOf(file.name))) return [t("upload.typeRefused", { name: file.name, types: allowedTypes.join(", ") })];
      if (file.size > limitBytes) return [t("upload.tooLarge", { name: file.name, limit: sizeText(limitBytes) })];
      return [];
    }),
  ];

  function choose(list: FileList | null) {
    const chosen = [...(list ?? [])];
    setFiles(chosen);
    setProblems(refusals(chosen));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const found = files.length === 0 ? [t("upload.noFiles")] : refusals(files);
    setProblems(found);
    if (found.length > 0) return;
    const form = new FormData();
    if (note.trim()) form.append("note", note.trim());
    for (const file of files) form.append("files", file, file.name);
    setProgress(0);
    try {
      const answer = await uploadForm<{ version: number }>(`/api/admin/orders/${encodeURIComponent(order.id)}/deliverables/${n}/versions`, form, (sent, total) => setProgress(Math.round((sent / total) * 100)));
      setProgress(100);
      setFiles([]);
      setNote("");
      if (input.current) input.current.value = "";
      // The deliverable is delivered now, so the page drops this form: it says so itself.
      onDelivered(answer.version);
    } catch (error) {
      setProblems(error instanceof ApiClientError && error.messages.length > 0 ? error.messages : [t("upload.failed")]);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={`upload-${n}-heading`} className="space-y-3" data-testid={`result-upload-${n}`}>
      <h3 id={`upload-${n}-heading`} className="font-semibold">{t("upload.heading")}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400" id={`upload-${n}-rules`}>{t("upload.rules", { max: maxFiles, limit: sizeText(limitBytes), types: allowedTypes.join(", ") })}</p>
      {problems.length > 0 ? <FormAlert tone="error" title={t("upload.refused")} messages={problems} /> : null}
      <form onSubmit={(event) => void send(event)} className="space-y-3">
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("upload.files")}</span>
          <input ref={input} type="file" name="files" multiple accept={allowedTypes.map((type) => `.${type}`).join(",")} aria-describedby={`upload-${n}-rules`} onChange={(event) => choose(event.currentTarget.files)} className={inputClass} />
        </label>
        {files.length > 0 ? (
          <ul className="text-sm" aria-label={t("upload.chosen")}>
            {files.map((file) => (
              <li key={file.name}>{file.name} · {sizeText(file.size)}</li>
            ))}
          </ul>
        ) : null}
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("upload.note")}</span>
          <textarea value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={5000} rows={3} className={inputClass} />
        </label>
        {progress !== null ? (
          <div>
            <label htmlFor={`upload-${n}-progress`} className="text-sm">{t("upload.progress", { percent: progress })}</label>
            <progress id={`upload-${n}-progress`} max={100} value={progress} className="block h-3 w-full" data-testid="upload-progress" />
          </div>
        ) : null}
        <button type="submit" className={primaryButton} disabled={progress !== null} aria-busy={progress !== null}>
          {progress !== null ? t("upload.sending") : t("upload.send")}
        </button>
      </form>
    </section>
  );
}
