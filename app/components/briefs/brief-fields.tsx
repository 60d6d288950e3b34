import { useTranslation } from "react-i18next";
import type { BriefField, BriefForm } from "../../../contract/brief-forms/types";
import { SelectField } from "~/components/ui/select-field";
import { TextArea } from "~/components/ui/text-area";
import { TextField } from "~/components/ui/text-field";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import type { FormValues } from "~/lib/briefs/brief-values";

export interface BriefFieldsProps {
  form: BriefForm;
  values: FormValues;
  onChange(values: FormValues): void;
  /** All field errors of the order; this form's are under `${errorPrefix}.${field name}`. */
  errors: FieldErrors;
  errorPrefix: string;
  locale: Locale;
  disabled?: boolean;
}

/** One service's brief, rendered from its definition in content/briefs (labels, help, limits, choices). */
export function BriefFields({ form, values, onChange, errors, errorPrefix, locale, disabled }: BriefFieldsProps) {
  const { t } = useTranslation("cart");
  const field = (definition: BriefField) => {
    const common = {
      name: `${errorPrefix}.${definition.name}`,
      label: definition.label[locale],
      required: definition.required,
      error: errors[`${errorPrefix}.${definition.name}`],
      disabled,
      value: values[definition.name] ?? "",
    };
    const help = definition.help?.[locale];
    const set = (value: string) => onChange({ ...values, [definition.name]: value });
    switch (definition.type) {
      case "textarea":
        return (
          <TextArea
            {...common}
            hint={help}
            maxLength={definition.maxLength}
            placeholder={definition.placeholder?.[locale]}
            onChange={(event) => set(event.target.value)}
          />
        );
      case "select":
        return (
          <SelectField
            {...common}
            hint={help}
            placeholder={t("brief.choose")}
            options={definition.options.map((option) => ({ value: option.value, label: option.label[locale] }))}
            onChange={(event) => set(event.target.value)}
          />
        );
      case "tags":
        return (
          <TextField
            {...common}
            hint={[help, t("brief.tagsHint", { max: definition.maxItems })].filter(Boolean).join(" ")}
            onChange={(event) => set(event.target.value)}
          />
        );
      case "number":
        return (
          <TextField
            {...common}
            hint={help}
            type="number"
            inputMode={definition.integer ? "numeric" : "decimal"}
            min={definition.min}
            max={definition.max}
            step={definition.integer ? 1 : "any"}
            onChange={(event) => set(event.target.value)}
          />
        );
      default:
        return (
          <TextField
            {...common}
            hint={help}
            type={definition.type === "url" ? "url" : "text"}
            maxLength={definition.maxLength}
            placeholder={definition.type === "text" ? definition.placeholder?.[locale] : undefined}
            onChange={(event) => set(event.target.value)}
          />
        );
    }
  };
  return (
    <div>
      {form.fields.map((definition) => (
        <div key={definition.name}>{field(definition)}</div>
      ))}
    </div>
  );
}
