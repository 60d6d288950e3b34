import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { RESET_CODE_LENGTH, resetPasswordRequestSchema } from "../../contract/accounts";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass, SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { resetPassword } from "~/features/auth/account-calls";
import { AuthCard } from "~/features/auth/auth-card";
import { RequireAnonymous } from "~/lib/auth/guards";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { useLocale } from "~/i18n/use-locale";

/** Email (prefilled from `?email=`), the code from the mail and the new password twice. */
function ResetPasswordForm() {
  const { t } = useTranslation("auth");
  const { to } = useLocale();
  const [search] = useSearchParams();
  const form = useAccountForm(resetPasswordRequestSchema);
  const [done, setDone] = useState(false);
  const errors = form.fieldErrors;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await form.send(formValues(event.currentTarget), resetPassword)) setDone(true);
  }

  if (done) {
    return (
      <FormAlert tone="success" title={t("reset.doneTitle")}>
        <p className="mt-1 text-sm">{t("reset.doneText")}</p>
        <Link to={to("/auth/sign-in")} className={`${buttonClass} mt-4`}>
          {t("reset.signIn")}
        </Link>
      </FormAlert>
    );
  }

  return (
    <form ref={form.ref} noValidate onSubmit={onSubmit} aria-label={t("reset.title")}>
      <p className="mb-4 text-slate-300">{t("reset.intro")}</p>
      <SubmitErrorAlert state={form} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t("fields.email")}
        defaultValue={search.get("email") ?? ""}
        required
        error={errors.email}
      />
      <TextField
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={RESET_CODE_LENGTH}
        label={t("fields.code")}
        hint={t("fields.codeHint")}
        required
        error={errors.code}
      />
      <NewPasswordFields errors={errors} />
      <SubmitButton busy={form.busy} className="w-full">
        {t("reset.submit")}
      </SubmitButton>
      <p className="mt-6 text-sm">
        <Link to={to("/auth/forgot-password")} className="text-indigo-400 underline">
          {t("reset.newCode")}
        </Link>
      </p>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("reset.title")}>
      <RequireAnonymous>
        <ResetPasswordForm />
      </RequireAnonymous>
    </AuthCard>
  );
}
