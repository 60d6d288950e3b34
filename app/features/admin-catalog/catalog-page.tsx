import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogList, CatalogProduct } from "../../../contract/admin-catalog";
import { CURRENCIES } from "../../../contract/currency-codes";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { useProductName } from "~/lib/product-name";
import { OptionForm } from "./option-form";
import { PriceFields } from "./price-fields";

const number = (value: FormDataEntryValue | null) => {
  const parsed = Number(String(value ?? "").replace(",", "."));
  return String(value ?? "").trim() === "" || !Number.isFinite(parsed) ? -1 : parsed;
};

/** One product's form: sold or hidden, turnaround, revision rounds and turnaround, a price per currency. */
export function ProductForm({ product, onSaved }: { product: CatalogProduct; onSaved(product: CatalogProduct): void }) {
  const { t } = useTranslation("admin-catalog");
  const name = useProductName()(product.id);
  const submit = useApiSubmit();
  const [saved, setSaved] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const body = {
      active: data.get("active") === "on",
      turnaroundDays: number(data.get("turnaroundDays")),
      revisionRounds: number(data.get("revisionRounds")),
      revisionDays: number(data.get("revisionDays")),
      prices: Object.fromEntries(CURRENCIES.map((currency) => [currency, number(data.get(`price-${currency}`))])),
    };
    const answer = await submit.run(() => api<CatalogProduct>(`/api/admin/catalog/${product.id}`, { method: "PUT", body }));
    if (answer) {
      onSaved(answer);
      setSaved(true);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-md border border-slate-300 p-4 dark:border-slate-700" data-testid={`product-${product.id}`} aria-labelledby={`product-${product.id}-name`}>
      <h2 id={`product-${product.id}-name`} className="text-lg font-semibold">
        {name} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">· {t(`kind.${product.kind}`)}{product.active ? "" : ` · ${t("hidden")}`}</span>
      </h2>
      {saved ? <FormAlert tone="success" title={t("saved", { name })} /> : null}
      <SubmitErrorAlert state={submit} />
      <CheckboxField label={t("active")} name="active" defaultChecked={product.active} error={submit.fieldErrors.active} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("turnaround")} name="turnaroundDays" inputMode="numeric" defaultValue={product.turnaroundDays} required error={submit.fieldErrors.turnaroundDays} />
        <TextField label={t("revisions")} name="revisionRounds" inputMode="numeric" defaultValue={product.revisionRounds} required error={submit.fieldErrors.revisionRounds} />
        <TextField label={t("revisionDays")} name="revisionDays" inputMode="numeric" defaultValue={product.revisionDays} required error={submit.fieldErrors.revisionDays} />
      </div>
      <PriceFields prices={product.prices} label={(currency) => t("price", { currency })} errors={submit.fieldErrors} />
      <SubmitButton busy={submit.busy} className="mt-3">{t("save", { name })}</SubmitButton>
    </form>
  );
}

/** Catalog and prices (admins): every service and bundle, each with its own form. */
export function CatalogPage() {
  const { t } = useTranslation("admin-catalog");
  const productName = useProductName();
  const { data, failure, loading, reload, replace } = useApiData<CatalogList>("/api/admin/catalog");
  return (
    <section>
      <h1 className="mb-2 text-3xl font-semibold tracking-tight">{t("heading")}</h1>
      <p className="mb-6 max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
        {data && data.items.length === 0 ? <p>{t("empty")}</p> : null}
        <div className="grid gap-4 xl:grid-cols-2">
          {data?.items.map((product) => {
            const onSaved = (next: CatalogProduct) => replace({ items: data.items.map((item) => (item.id === next.id ? next : item)) });
            return (
              <div key={product.id}>
                <ProductForm product={product} onSaved={onSaved} />
                {product.options.map((option) => (
                  <OptionForm key={option.id} product={product} option={option} name={productName(product.id)} onSaved={onSaved} />
                ))}
              </div>
            );
          })}
        </div>
      </LoadState>
    </section>
  );
}
