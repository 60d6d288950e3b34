import "~/i18n/account-ready";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { updateProfileRequestSchema, type Profile } from "../../contract/accounts";
import { countryOptions } from "../../contract/countries";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { updateProfile } from "~/features/auth/account-calls";
import { PrivacySection } from "~/features/auth/privacy-section";
import { useProfile } from "~/features/auth/use-profile";
import { GuardSkeleton } from "~/lib/auth/guards";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "~/features/auth/use-account-form";
import { useLocale } from "~/i18n/use-locale";
import { ProfileLayout } from "~/features/profile/profile-layout";
import { balancePolicyData } from "~/features/balance/balance-policy.server";
import { MoneyLeftBeforeClosing } from "~/features/balance/money-left";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/profile.account-information";

export function loader({ url, context }: Route.LoaderArgs) {
  return balancePolicyData(url, context.get(pageContext));
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const { locale } = useLocale();
  const form = useAccountForm(updateProfileRequestSchema);
  const [saved, setSaved] = useState(false);
  const countries = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  const errors = form.fieldErrors;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const updated = await form.send(formValues(event.currentTarget), updateProfile);
    if (updated) {
      setSaved(true);
      onSaved(updated);
    }
  }

  return (
    <form ref={form.ref} method="post" noValidate onSubmit={onSubmit} aria-label={t("account.title")} className="max-w-xl">
      {saved ? <FormAlert tone="success" title={t("account.saved")} /> : null}
      <SubmitErrorAlert state={form} />
      <TextField type="email" label={tAuth("fields.email")} value={profile.email} readOnly hint={t("account.emailHint")} data-testid="profile-email" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField name="firstName" autoComplete="given-name" label={tAuth("fields.firstName")} defaultValue={profile.firstName} required error={errors.firstName} />
        <TextField name="lastName" autoComplete="family-name" label={tAuth("fields.lastName")} defaultValue={profile.lastName} required error={errors.lastName} />
      </div>
      <SelectField
        name="country"
        autoComplete="country"
        label={tAuth("fields.country")}
        options={countries}
        defaultValue={profile.country}
        required
        error={errors.country}
      />
      <TextField name="company" autoComplete="organization" label={t("fields.company")} defaultValue={profile.company} error={errors.company} />
      <TextField name="address" autoComplete="street-address" label={t("fields.address")} defaultValue={profile.address} error={errors.address} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField name="city" autoComplete="address-level2" label={t("fields.city")} defaultValue={profile.city} error={errors.city} />
        <TextField name="zipCode" autoComplete="postal-code" label={t("fields.zipCode")} defaultValue={profile.zipCode} error={errors.zipCode} />
      </div>
      <SubmitButton busy={form.busy}>{t("account.submit")}</SubmitButton>
    </form>
  );
}

/** Loads the profile once the guard lets the page in; the form is prefilled with it. */
function AccountInformation({ policy }: { policy: string }) {
  const { t } = useTranslation("errors");
  const { profile, setProfile, failure } = useProfile();

  if (failure) return <FormAlert tone="error" title={t(failure.messageKey)} />;
  if (!profile) return <GuardSkeleton />;
  return (
    <>
      <ProfileForm profile={profile} onSaved={setProfile} />
      <PrivacySection beforeClosing={<MoneyLeftBeforeClosing policy={policy} />} />
    </>
  );
}

export default function AccountInformationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  return (
    <ProfileLayout title={t("account.title")}>
      <AccountInformation policy={loaderData.policy} />
    </ProfileLayout>
  );
}
