import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { createTicketRequestSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, SUBJECT_MAX, type CreateTicketResponse } from "../../../contract/support";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextArea } from "~/components/ui/text-area";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import type { FormActionResult } from "~/lib/forms/form-action";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";

/**
 * The support form: with JavaScript, checked here first, then POST /api/support/create-ticket. Without it (or sent
 * before the script ran) it posts to the page's route action, which opens the ticket on the server; `posted` is that
 * answer: sent, or the errors with the values kept.
 */
export function ContactForm({ posted }: { posted?: FormActionResult }) {
  const { t } = useTranslation("contact");
  const { t: tCheck } = useTranslation("validation");
  const submit = useApiSubmit();
  const [sent, setSent] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  // What the form shows: this page's own request once one was made, else the server's answer to a posted form.
  const used = submit.errorKey || submit.busy || sent ? null : posted;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const request = {
      email: String(fields.get("email") ?? ""),
      subject: String(fields.get("subject") ?? ""),
      description: String(fields.get("description") ?? ""),
    };
    setSent(false);
    const checked = createTicketRequestSchema.safeParse(request);
    if (!checked.success) return submit.invalid(issuesToFieldErrors(checked.error.issues, request, tCheck));
    const answer = await submit.run(() =>
      api<CreateTicketResponse>("/api/support/create-ticket", { method: "POST", body: checked.data, auth: false }),
    );
    if (answer) {
      setSent(true);
      setReference(answer.reference);
      form.reset();
    }
  };

  const failure = used && !used.sent ? used : submit;
  const fieldErrors = failure.fieldErrors;
  const kept = used && !used.sent ? used.values : {};
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-8 max-w-xl" data-testid="contact-form">
      {sent || used?.sent ? (
        <FormAlert tone="success" title={t("sent")} messages={sent && reference ? [t("reference", { reference })] : []} />
      ) : (
        <SubmitErrorAlert state={failure} />
      )}
      <TextField
        label={t("email")}
        hint={t("emailHint")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={kept.email}
        error={fieldErrors.email}
      />
      <TextField
        label={t("subject")}
        hint={t("subjectHint")}
        name="subject"
        maxLength={SUBJECT_MAX}
        defaultValue={kept.subject}
        error={fieldErrors.subject}
      />
      <TextArea
        label={t("message")}
        hint={t("messageHint", { min: DESCRIPTION_MIN })}
        name="description"
        rows={7}
        required
        maxLength={DESCRIPTION_MAX}
        defaultValue={kept.description}
        error={fieldErrors.description}
      />
      <SubmitButton busy={submit.busy}>{t("send")}</SubmitButton>
    </form>
  );
}
