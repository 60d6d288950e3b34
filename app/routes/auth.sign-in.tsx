import "~/i18n/account-ready";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { loginRequestSchema } from "../../contract/accounts";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { signIn } from "~/features/auth/account-calls";
import { AuthCard } from "~/features/auth/auth-card";
import { CheckoutReason } from "~/features/auth/checkout-reason";
import { RequireAnonymous } from "~/lib/auth/guards";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { useLocale } from "~/i18n/use-locale";
import { useHydrated } from "~/lib/forms/use-hydrated";

/** After signing in, the `homepage` guard sends the visitor on to `?redirect=` or home. */
function SignInForm() {
  const { t } = useTranslation("auth");
  const { t: tForms } = useTranslation("forms");
  // Sign-ins live in browser storage (CONTRACT §2): only the page's script can complete one, so the button waits
  // for it. What was typed before stays in the fields.
  const hydrated = useHydrated();
  const { to } = useLocale();
  const [search] = useSearchParams();
  const form = useAccountForm(loginRequestSchema);
  const redirect = search.get("redirect");
  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.send(formValues(event.currentTarget, ["rememberMe"]), signIn);
  }

  return (
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("signIn.title")}>
      <noscript>
        <p className="mb-4 rounded-md border border-amber-500 px-3 py-2 text-sm">{tForms("noScript.signIn")}</p>
      </noscript>
      <SubmitErrorAlert state={form} />
      <TextField name="email" type="email" autoComplete="email" label={t("fields.email")} required error={form.fieldErrors.email} />
      <TextField
        name="password"
        type="password"
        autoComplete="current-password"
        label={t("fields.password")}
        required
        error={form.fieldErrors.password}
      />
      <CheckboxField name="rememberMe" label={t("fields.rememberMe")} error={form.fieldErrors.rememberMe} />
      <SubmitButton busy={form.busy} disabled={!hydrated} className="w-full">
        {t("signIn.submit")}
      </SubmitButton>
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={to("/auth/forgot-password")} className="text-link">
          {t("signIn.forgot")}
        </Link>
        <Link to={to("/auth/sign-up") + keep} className="text-link">
          {t("signIn.signUp")}
        </Link>
      </p>
    </form>
  );
}

export default function SignInPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("signIn.title")}>
      <CheckoutReason kind="signIn" />
      <RequireAnonymous>
        <SignInForm />
      </RequireAnonymous>
    </AuthCard>
  );
}
