import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countryOptions } from "../../contract/countries";
import { CheckboxField } from "./ui/checkbox-field";
import { SelectField } from "./ui/select-field";
import { TextField } from "./ui/text-field";
import type { FieldErrors } from "./ui/use-api-submit";
import { intlLocale } from "../../common/locales";
import { useLocale } from "~/i18n/use-locale";
import type { BillingDraft } from "~/lib/billing/billing";

type TextKey = Exclude<keyof BillingDraft, "agreedToPP_TOS" | "country">;

const TEXT_FIELDS: ReadonlyArray<{ name: TextKey; required: boolean; autoComplete: string; type?: string; hint?: "billing.vatNumberHint" }> = [
  { name: "firstName", required: true, autoComplete: "given-name" },
  { name: "lastName", required: true, autoComplete: "family-name" },
  { name: "email", required: true, autoComplete: "email", type: "email" },
  { name: "businessName", required: false, autoComplete: "organization" },
  { name: "city", required: true, autoComplete: "address-level2" },
  { name: "address1", required: true, autoComplete: "address-line1" },
  { name: "state", required: false, autoComplete: "address-level1" },
  { name: "zipCode", required: true, autoComplete: "postal-code" },
  { name: "vatNumber", required: false, autoComplete: "off", hint: "billing.vatNumberHint" },
];

export interface BillingFieldsProps {
  value: BillingDraft;
  onChange(next: BillingDraft): void;
  /** Field errors keyed by billing field name (client checks or the server's 400). */
  errors: FieldErrors;
  disabled?: boolean;
}

/** Who pays: the billing details of a deposit or an order, and the agreement to the terms and privacy policy. */
export function BillingFields({ value, onChange, errors, disabled }: BillingFieldsProps) {
  const { t } = useTranslation("checkout");
  const { locale, to } = useLocale();
  const countries = useMemo(
    () => countryOptions(intlLocale(locale)).map(({ code, name }) => ({ value: code, label: name })),
    [locale],
  );
  const set = <K extends keyof BillingDraft>(key: K, next: BillingDraft[K]) => onChange({ ...value, [key]: next });
  const [names, address] = [TEXT_FIELDS.slice(0, 4), TEXT_FIELDS.slice(4)];
  const textField = (field: (typeof TEXT_FIELDS)[number]) => (
    <TextField
      key={field.name}
      name={field.name}
      type={field.type ?? "text"}
      label={t(`billing.${field.name}`)}
      required={field.required}
      autoComplete={field.autoComplete}
      value={value[field.name] ?? ""}
      hint={field.hint ? t(field.hint) : undefined}
      error={errors[field.name]}
      disabled={disabled}
      onChange={(event) => set(field.name, event.target.value)}
    />
  );
  return (
    <fieldset className="rounded-lg border border-slate-300 dark:border-slate-800 p-4" disabled={disabled}>
      <legend className="px-1 text-lg font-semibold">{t("billing.heading")}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {names.map(textField)}
        <SelectField
          name="country"
          label={t("billing.country")}
          required
          autoComplete="country"
          placeholder={t("billing.chooseCountry")}
          options={countries}
          value={value.country}
          error={errors.country}
          onChange={(event) => set("country", event.target.value)}
        />
        {address.map(textField)}
      </div>
      <CheckboxField
        name="agreedToPP_TOS"
        required
        checked={value.agreedToPP_TOS}
        error={errors.agreedToPP_TOS}
        onChange={(event) => set("agreedToPP_TOS", event.target.checked)}
        label={
          <Trans
            t={t}
            i18nKey="billing.agree"
            components={{
              terms: <Link to={to("/terms-of-service")} className="underline" target="_blank" />,
              privacy: <Link to={to("/privacy-policy")} className="underline" target="_blank" />,
            }}
          />
        }
      />
    </fieldset>
  );
}
