import "~/i18n/account-ready";
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
import { forwardForm, type FormActionResult } from "~/lib/forms/form-action";
import type { Route } from "./+types/auth.reset-password";

/** The form posted without JavaScript (or before the script loaded): the password is reset from here, on the server. */
export async function action({ request, url, context }: Route.ActionArgs) {
  return forwardForm(context, request, url, "/api/Accounts/reset-password", (values) => ({
    email: values.email ?? "",
    code: values.code ?? "",
    password: values.password ?? "",
    repeatedPassword: values.repeatedPassword ?? "",
  }));
}

/** Email (prefilled from `?email=`), the code from the mail and the new password twice. */
function ResetPasswordForm({ posted }: { posted?: FormActionResult }) {
  const { t } = useTranslation("auth");
  const { to } = useLocale();
  const [search] = useSearchParams();
  const form = useAccountForm(resetPasswordRequestSchema);
  const [done, setDone] = useState(Boolean(posted?.sent));
  // A form posted to the server that was refused: its errors and values, until this page sends one itself.
  const refused = posted && !posted.sent && !form.errorKey && !form.busy ? posted : null;
  const errors = (refused ?? form).fieldErrors;

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
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("reset.title")}>
      <p className="mb-4 text-slate-300">{t("reset.intro")}</p>
      <SubmitErrorAlert state={refused ?? form} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t("fields.email")}
        defaultValue={refused?.values.email ?? search.get("email") ?? ""}
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
        defaultValue={refused?.values.code}
        error={errors.code}
      />
      <NewPasswordFields errors={errors} />
      <SubmitButton busy={form.busy} className="w-full">
        {t("reset.submit")}
      </SubmitButton>
      <p className="mt-6 text-sm">
        <Link to={to("/auth/forgot-password")} className="text-link">
          {t("reset.newCode")}
        </Link>
      </p>
    </form>
  );
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("reset.title")}>
      <RequireAnonymous>
        <ResetPasswordForm posted={actionData} />
      </RequireAnonymous>
    </AuthCard>
  );
}
