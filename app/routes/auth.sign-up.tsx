import "~/i18n/account-ready";
import type { FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { registerRequestSchema } from "../../contract/accounts";
import { countryOptions } from "../../contract/countries";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { signUp } from "~/features/auth/account-calls";
import { AuthCard } from "~/features/auth/auth-card";
import { CheckoutReason } from "~/features/auth/checkout-reason";
import { RequireAnonymous } from "~/lib/auth/guards";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { useLocale } from "~/i18n/use-locale";
import { localeFromPath } from "../../common/locales";
import type { Route } from "./+types/auth.sign-up";
import { useHydrated } from "~/lib/forms/use-hydrated";

/** Register signs in at once; the `homepage` guard then sends the new customer home (or to `?redirect=`). */
/**
 * The country names come with the page: Node's and the browser's ICU name and sort them differently, and a mismatch
 * during hydration would make React rebuild the form and drop what was typed before the script ran.
 */
export function loader({ url }: Route.LoaderArgs) {
  return { countries: countryOptions(localeFromPath(url.pathname)).map(({ code, name }) => ({ value: code, label: name })) };
}

function SignUpForm({ countries }: { countries: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation("auth");
  const { t: tForms } = useTranslation("forms");
  // Sign-ins live in browser storage (CONTRACT §2): only the page's script can complete one, so the button waits
  // for it. What was typed before stays in the fields.
  const hydrated = useHydrated();
  const { to } = useLocale();
  const form = useAccountForm(registerRequestSchema);
  const errors = form.fieldErrors;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.send(formValues(event.currentTarget, ["agreedToPrivacyPolicy"]), signUp);
  }

  return (
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("signUp.title")}>
      <noscript>
        <p className="mb-4 rounded-md border border-amber-500 px-3 py-2 text-sm">{tForms("noScript.signUp")}</p>
      </noscript>
      <SubmitErrorAlert state={form} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField name="firstName" autoComplete="given-name" label={t("fields.firstName")} required error={errors.firstName} />
        <TextField name="lastName" autoComplete="family-name" label={t("fields.lastName")} required error={errors.lastName} />
      </div>
      <TextField name="email" type="email" autoComplete="email" label={t("fields.email")} required error={errors.email} />
      <SelectField
        name="country"
        autoComplete="country"
        label={t("fields.country")}
        placeholder={t("fields.countryPlaceholder")}
        options={countries}
        // No defaultValue: the empty placeholder comes first anyway, and React would reset a choice made before hydration.
        required
        error={errors.country}
      />
      <NewPasswordFields errors={errors} labelKey="fields.password" />
      <CheckboxField
        name="agreedToPrivacyPolicy"
        required
        error={errors.agreedToPrivacyPolicy}
        label={
          <Trans
            t={t}
            i18nKey="signUp.agree"
            components={{ policy: <Link to={to("/privacy-policy")} target="_blank" className="text-link" /> }}
          />
        }
      />
      <SubmitButton busy={form.busy} disabled={!hydrated} className="w-full">
        {t("signUp.submit")}
      </SubmitButton>
      <p className="mt-6 text-sm">
        <Link to={to("/auth/sign-in")} className="text-link">
          {t("signUp.signIn")}
        </Link>
      </p>
    </form>
  );
}

export default function SignUpPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("signUp.title")}>
      <CheckoutReason kind="signUp" />
      <RequireAnonymous>
        <SignUpForm countries={loaderData.countries} />
      </RequireAnonymous>
    </AuthCard>
  );
}
