import "~/i18n/account-ready";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { changePasswordRequestSchema } from "../../contract/accounts";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { changePassword } from "~/features/auth/account-calls";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { ProfileLayout } from "~/features/profile/profile-layout";

/** Current password, the new one twice; the server signs out every other login. */
function ChangePasswordForm() {
  const { t } = useTranslation("profile");
  const form = useAccountForm(changePasswordRequestSchema);
  const [changed, setChanged] = useState(false);
  const errors = form.fieldErrors;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    setChanged(false);
    if (await form.send(formValues(target), changePassword)) {
      setChanged(true);
      target.reset();
    }
  }

  return (
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("password.title")} className="max-w-md">
      {changed ? <FormAlert tone="success" title={t("password.changed")} /> : null}
      <SubmitErrorAlert state={form} />
      <TextField
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={t("password.current")}
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields errors={errors} />
      <SubmitButton busy={form.busy}>{t("password.submit")}</SubmitButton>
    </form>
  );
}

export default function ChangePasswordPage() {
  const { t } = useTranslation("profile");
  return (
    <ProfileLayout title={t("password.title")}>
      <ChangePasswordForm />
    </ProfileLayout>
  );
}
