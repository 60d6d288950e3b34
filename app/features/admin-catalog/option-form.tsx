import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogOption, CatalogProduct } from "../../../contract/admin-catalog";
import { CURRENCIES } from "../../../contract/currency-codes";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { PriceFields } from "./price-fields";
import { api } from "~/lib/api/client";

const number = (value: FormDataEntryValue | null) => {
  const parsed = Number(String(value ?? "").replace(",", "."));
  return String(value ?? "").trim() === "" || !Number.isFinite(parsed) ? -1 : parsed;
};

interface OptionFormProps {
  product: CatalogProduct;
  option: CatalogOption;
  /** The product's name on this page. */
  name: string;
  onSaved(product: CatalogProduct): void;
}

/** One option of a service (docs/decisions/0077-service-options.md): sold or hidden, a price per currency, a rush's turnaround. */
export function OptionForm({ product, option, name, onSaved }: OptionFormProps) {
  const { t } = useTranslation("admin-catalog");
  const { t: to } = useTranslation("options");
  const optionName = `${to(`names.${option.id}`)} — ${name}`;
  const submit = useApiSubmit();
  const [saved, setSaved] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const body = {
      active: data.get("active") === "on",
      ...(option.kind === "rush" ? { turnaroundDays: number(data.get("turnaroundDays")) } : {}),
      prices: Object.fromEntries(CURRENCIES.map((currency) => [currency, number(data.get(`price-${currency}`))])),
    };
    const path = `/api/admin/catalog/${product.id}/options/${option.id}`;
    const answer = await submit.run(() => api<CatalogProduct>(path, { method: "PUT", body }));
    if (answer) {
      onSaved(answer);
      setSaved(true);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-2 rounded-md border border-dashed border-slate-300 p-3 dark:border-slate-700"
      data-testid={`option-${product.id}-${option.id}`}
    >
      <h3 className="font-medium">
        {optionName}
        {option.active ? "" : ` · ${t("hidden")}`}
      </h3>
      {saved ? <FormAlert tone="success" title={t("saved", { name: optionName })} /> : null}
      <SubmitErrorAlert state={submit} />
      <CheckboxField
        label={t("optionActive")}
        name="active"
        defaultChecked={option.active}
        error={submit.fieldErrors.active}
      />
      {option.kind === "rush" ? (
        <TextField
          label={t("rushTurnaround")}
          name="turnaroundDays"
          inputMode="numeric"
          defaultValue={option.turnaroundDays ?? ""}
          required
          error={submit.fieldErrors.turnaroundDays}
        />
      ) : null}
      <PriceFields prices={option.prices} label={(currency) => t("optionPrice", { currency })} errors={submit.fieldErrors} />
      <SubmitButton busy={submit.busy} className="mt-2">
        {t("save", { name: optionName })}
      </SubmitButton>
    </form>
  );
}
