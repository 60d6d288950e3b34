import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX, type OrderDetail } from "../../../contract/order-lifecycle";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField } from "../../components/ui/select-field";
import { SubmitButton } from "../../components/ui/submit-button";
import { TextArea } from "../../components/ui/text-area";
import { useApiSubmit } from "../../components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import { api } from "../../lib/api/client";
import { formatDateTime } from "~/lib/format-date";
import { DownloadButton } from "./download-button";

async function asBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The conversation with staff, each message naming the service it is about, and a form to write (about one service or
 * the whole order); while a service waits for an answer, writing is the answer.
 */
export function OrderThread({
  order,
  deliverableName,
  locale,
  onChange,
}: {
  order: OrderDetail;
  deliverableName(n: number): string;
  locale: Locale;
  onChange(order: OrderDetail): void;
}) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const submit = useApiSubmit();
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const answering = order.actions.includes("answer");
  const asking = order.deliverables.filter((deliverable) => deliverable.status === "needs_info");
  // The one service with a question is what an answer is about, unless the customer picks another.
  const [about, setAbout] = useState(asking.length === 1 ? String(asking[0].n) : "");

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!body.trim()) return submit.invalid({ body: [t("thread.required")] });
    if (files.length > ATTACHMENTS_MAX || files.some((file) => file.size > ATTACHMENT_MAX_BYTES)) {
      return submit.invalid({ attachments: [t("thread.tooLarge", { count: ATTACHMENTS_MAX, size: ATTACHMENT_MAX_BYTES / 1024 / 1024 })] });
    }
    const attachments = await Promise.all(files.map(async (file) => ({ fileName: file.name, contentBase64: await asBase64(file) })));
    const next = await submit.run(() => api<OrderDetail>(`/api/orders/${encodeURIComponent(order.id)}/messages`, { method: "POST", body: { body, attachments, ...(about ? { deliverable: Number(about) } : {}) } }));
    if (next) {
      setBody("");
      setFiles([]);
      setAbout("");
      onChange(next);
    }
  }

  return (
    <section aria-labelledby="order-thread" className="space-y-4">
      <h2 id="order-thread" className="text-lg font-semibold">{t("thread.heading")}</h2>
      {order.messages.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("thread.empty")}</p> : null}
      <ol className="space-y-3" data-testid="order-messages">
        {order.messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-lg p-3 ${message.author === "customer" ? "ml-6 bg-indigo-50 dark:bg-indigo-950" : "mr-6 bg-slate-100 dark:bg-slate-800"}`}
          >
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {message.author === "staff" && message.authorName ? t("thread.signed", { name: message.authorName }) : t(`thread.author.${message.author}`)} · {formatDateTime(message.createdAt, locale)}
              {message.deliverable === null ? null : <span className="font-medium" data-testid="message-about"> · {t("thread.about", { service: deliverableName(message.deliverable) })}</span>}
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
            {message.attachments.map((file) => (
              <div key={file.id} className="mt-2">
                <DownloadButton path={`/api/orders/${encodeURIComponent(order.id)}/files/${file.id}`} fileName={file.fileName} label={file.fileName} />
              </div>
            ))}
          </li>
        ))}
      </ol>
      {["completed", "cancelled"].includes(order.status) ? null : (
        <form method="post" onSubmit={(event) => void send(event)} className="space-y-2" noValidate>
          {submit.errorKey && submit.errorKey !== "validationFailed" ? <FormAlert tone="error" title={submit.general ?? te(submit.errorKey)} /> : null}
          <TextArea
            label={answering ? t("thread.answerLabel") : t("thread.label")}
            name="body"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            error={submit.fieldErrors.body?.[0]}
            required
            rows={4}
            maxLength={5000}
          />
          {order.deliverables.length > 1 ? (
            <SelectField
              label={t("thread.aboutLabel")}
              name="deliverable"
              value={about}
              onChange={(event) => setAbout(event.target.value)}
              placeholder={t("thread.aboutWhole")}
              options={order.deliverables.map((deliverable) => ({ value: String(deliverable.n), label: deliverableName(deliverable.n) }))}
              data-testid="message-deliverable"
            />
          ) : null}
          <label className="block text-sm">
            {t("thread.attach", { count: ATTACHMENTS_MAX, size: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
            <input type="file" multiple className="mt-1 block" onChange={(event) => setFiles([...(event.target.files ?? [])])} />
          </label>
          {submit.fieldErrors.attachments?.[0] ? <p className="text-sm text-red-700 dark:text-red-400">{submit.fieldErrors.attachments[0]}</p> : null}
          <SubmitButton busy={submit.busy} data-testid="send-message">
            {answering ? t("thread.sendAnswer") : t("thread.send")}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
