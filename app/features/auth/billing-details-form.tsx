import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { billingDetailsSchema, type Profile } from "../../../contract/accounts";
import { countryOptions } from "../../../contract/countries";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useLocale } from "~/i18n/use-locale";
import { updateBilling } from "./account-calls";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "./use-account-form";

/**
 * The billing details remembered with the account, with the optional EU VAT number: prefilled from the last ones
 * used (or the profile), saved for the next deposit or order and printed on receipts and invoices.
 */
export function BillingDetailsForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation("paperwork");
  const { t: tc } = useTranslation("checkout");
  const { locale } = useLocale();
  const form = useAccountForm(billingDetailsSchema);
  const [saved, setSaved] = useState(false);
  const countries = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  const errors = form.fieldErrors;
  const known = profile.billing ?? {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    businessName: profile.company,
    country: profile.country,
    city: profile.city,
    address1: profile.address,
    state: "",
    zipCode: profile.zipCode,
    vatNumber: "",
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const updated = await form.send(formValues(event.currentTarget), updateBilling);
    if (updated) {
      setSaved(true);
      onSaved(updated);
    }
  }

  return (
    <div className="max-w-xl">
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("billing.intro")}</p>
      {/* Keyed by what was saved: the fields then show it as stored (a VAT number without its spaces). */}
      <form key={JSON.stringify(known)} ref={form.ref} noValidate onSubmit={onSubmit} aria-label={t("billing.title")} data-testid="billing-form">
        {saved ? <FormAlert tone="success" title={t("billing.saved")} /> : null}
        <SubmitErrorAlert state={form} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField name="firstName" autoComplete="billing given-name" label={tc("billing.firstName")} defaultValue={known.firstName} required error={errors.firstName} />
          <TextField name="lastName" autoComplete="billing family-name" label={tc("billing.lastName")} defaultValue={known.lastName} required error={errors.lastName} />
        </div>
        <TextField name="email" type="email" autoComplete="billing email" label={tc("billing.email")} defaultValue={known.email} required error={errors.email} />
        <TextField name="businessName" autoComplete="billing organization" label={tc("billing.businessName")} defaultValue={known.businessName} error={errors.businessName} />
        <TextField
          name="vatNumber"
          autoComplete="off"
          label={tc("billing.vatNumber")}
          hint={tc("billing.vatNumberHint")}
          defaultValue={known.vatNumber}
          error={errors.vatNumber}
        />
        <SelectField name="country" autoComplete="billing country" label={tc("billing.country")} options={countries} defaultValue={known.country} required error={errors.country} />
        <TextField name="address1" autoComplete="billing address-line1" label={tc("billing.address1")} defaultValue={known.address1} required error={errors.address1} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField name="city" autoComplete="billing address-level2" label={tc("billing.city")} defaultValue={known.city} required error={errors.city} />
          <TextField name="zipCode" autoComplete="billing postal-code" label={tc("billing.zipCode")} defaultValue={known.zipCode} required error={errors.zipCode} />
        </div>
        <TextField name="state" autoComplete="billing address-level1" label={tc("billing.state")} defaultValue={known.state} error={errors.state} />
        <SubmitButton busy={form.busy}>{t("billing.submit")}</SubmitButton>
      </form>
    </div>
  );
}
