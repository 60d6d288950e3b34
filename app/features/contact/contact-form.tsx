import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { createTicketRequestSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, type CreateTicketResponse } from "../../../contract/support";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextArea } from "~/components/ui/text-area";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";

/** The support form: checked here first, then POST /api/support/create-ticket. */
export function ContactForm() {
  const { t } = useTranslation("contact");
  const { t: tError } = useTranslation("errors");
  const { t: tCheck } = useTranslation("validation");
  const submit = useApiSubmit();
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const request = { email: String(fields.get("email") ?? ""), description: String(fields.get("description") ?? "") };
    setSent(false);
    const checked = createTicketRequestSchema.safeParse(request);
    if (!checked.success) return submit.invalid(issuesToFieldErrors(checked.error.issues, request, tCheck));
    const answer = await submit.run(() =>
      api<CreateTicketResponse>("/api/support/create-ticket", { method: "POST", body: checked.data, auth: false }),
    );
    if (answer) {
      setSent(true);
      form.reset();
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-8 max-w-xl" data-testid="contact-form">
      {sent ? (
        <FormAlert tone="success" title={t("sent")} />
      ) : submit.errorKey ? (
        <FormAlert tone="error" title={tError(submit.errorKey)} messages={submit.general ? [submit.general] : []} />
      ) : null}
      <TextField
        label={t("email")}
        hint={t("emailHint")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        error={submit.fieldErrors.email}
      />
      <TextArea
        label={t("message")}
        hint={t("messageHint", { min: DESCRIPTION_MIN })}
        name="description"
        rows={7}
        required
        maxLength={DESCRIPTION_MAX}
        error={submit.fieldErrors.description}
      />
      <SubmitButton busy={submit.busy}>{t("send")}</SubmitButton>
    </form>
  );
}
