import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, type CreateTicketResponse } from "../../../contract/support";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { TextArea } from "../../components/ui/text-area";
import { TextField } from "../../components/ui/text-field";
import { useApiSubmit, type FieldErrors } from "../../components/ui/use-api-submit";
import { api } from "../../lib/api/client";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The support form: checked here first, then POST /api/support/create-ticket. */
export function ContactForm() {
  const { t } = useTranslation("contact");
  const { t: tError } = useTranslation("errors");
  const submit = useApiSubmit();
  const [sent, setSent] = useState(false);

  const check = (email: string, description: string): FieldErrors => {
    const errors: FieldErrors = {};
    if (!email) errors.email = [t("checks.emailRequired")];
    else if (!EMAIL.test(email)) errors.email = [t("checks.emailInvalid")];
    if (description.length < DESCRIPTION_MIN) errors.description = [t("checks.messageShort", { min: DESCRIPTION_MIN })];
    else if (description.length > DESCRIPTION_MAX) errors.description = [t("checks.messageLong", { max: DESCRIPTION_MAX })];
    return errors;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const email = String(fields.get("email") ?? "").trim();
    const description = String(fields.get("description") ?? "").trim();
    setSent(false);
    const errors = check(email, description);
    if (Object.keys(errors).length > 0) return submit.invalid(errors);
    const answer = await submit.run(() =>
      api<CreateTicketResponse>("/api/support/create-ticket", { method: "POST", body: { email, description }, auth: false }),
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
