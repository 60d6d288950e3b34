import "~/i18n/account-ready";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { forgotPasswordRequestSchema } from "../../contract/accounts";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass, SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { sendResetCode } from "~/features/auth/account-calls";
import { AuthCard } from "~/features/auth/auth-card";
import { RequireAnonymous } from "~/lib/auth/guards";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { useLocale } from "~/i18n/use-locale";
import { forwardForm, type FormActionResult } from "~/lib/forms/form-action";
import type { Route } from "./+types/auth.forgot-password";

/** The form posted without JavaScript (or before the script loaded): the code is sent from here, on the server. */
export async function action({ request, url, context }: Route.ActionArgs) {
  return forwardForm(context, request, url, "/api/Accounts/forgot-password", (values) => ({
    email: values.email ?? "",
  }));
}

/** Sends the one-time code; the answer is the same whether or not the account exists, and so is this page. */
function ForgotPasswordForm({ posted }: { posted?: FormActionResult }) {
  const { t } = useTranslation("auth");
  const { to } = useLocale();
  const form = useAccountForm(forgotPasswordRequestSchema);
  const [sentTo, setSentTo] = useState<string | null>(posted?.sent ? (posted.values.email ?? "").trim() : null);
  // A form posted to the server that was refused: its errors and values, until this page sends one itself.
  const refused = posted && !posted.sent && !form.errorKey && !form.busy ? posted : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    if (await form.send(values, sendResetCode)) setSentTo(String(values.email).trim());
  }

  if (sentTo) {
    return (
      <FormAlert tone="success" title={t("forgot.sentTitle")}>
        <p className="mt-1 text-sm">{t("forgot.sentText", { email: sentTo })}</p>
        <Link to={`${to("/auth/reset-password")}?email=${encodeURIComponent(sentTo)}`} className={`${buttonClass} mt-4`}>
          {t("forgot.enterCode")}
        </Link>
      </FormAlert>
    );
  }

  return (
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("forgot.title")}>
      <p className="mb-4 text-slate-700 dark:text-slate-300">{t("forgot.intro")}</p>
      <SubmitErrorAlert state={refused ?? form} />
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={t("fields.email")}
        required
        defaultValue={refused?.values.email}
        error={(refused ?? form).fieldErrors.email}
      />
      <SubmitButton busy={form.busy} className="w-full">
        {t("forgot.submit")}
      </SubmitButton>
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={to("/auth/reset-password")} className="text-link">
          {t("forgot.haveCode")}
        </Link>
        <Link to={to("/auth/sign-in")} className="text-link">
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </form>
  );
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("forgot.title")}>
      <RequireAnonymous>
        <ForgotPasswordForm posted={actionData} />
      </RequireAnonymous>
    </AuthCard>
  );
}
